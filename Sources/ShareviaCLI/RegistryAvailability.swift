import ShareCore

/// Every destination of a router's registry with its availability, worded for this command line:
/// what `sharevia destinations` lists and what `--pick` offers.
enum RegistryAvailability {
    /// The registry's destinations in order, each with its availability; checked all at once, since
    /// a plugin's check is a process of its own.
    static func check(_ router: ShareRouter) async -> [(destination: any ShareDestination, availability: Availability)]
    {
        let destinations = router.registry.destinations
        let found = await withTaskGroup(of: (Int, Availability).self) { group in
            for (index, destination) in destinations.enumerated() {
                group.addTask { (index, await router.effectiveAvailability(of: destination)) }
            }
            var found: [Int: Availability] = [:]
            for await (index, availability) in group { found[index] = availability }
            return found
        }
        return destinations.enumerated().map { index, destination in
            (destination, ErrorAdvice.availability(found[index] ?? .unavailable("not checked")))
        }
    }
}
