import ArgumentParser
import TextFitting

/// `sharevia text count --for x [TEXT | -]`: the count, the limit and whether it fits.
struct TextCountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Count text by a network's rules and say whether it fits."
    )

    @OptionGroup var input: TextInputOptions

    func run() async throws {
        let rules = input.rules
        var output = ""
        var fitting = 0
        let inputs = try input.inputs()
        for text in inputs {
            let measurement = rules.measure(text)
            if measurement.fits { fitting += 1 }
            if input.quiet { continue }
            output +=
                input.json
                ? try TextOutput.jsonLine(TextOutput.countRecord(network: rules.name, measurement))
                : TextOutput.countLine(network: rules.name, measurement) + "\n"
            if output.utf8.count > 1 << 16 {
                StandardStreams.write(output)
                output = ""
            }
        }
        StandardStreams.write(output)
        if input.quiet { StandardStreams.printError("\(inputs.count) inputs counted, \(fitting) fit") }
    }
}
