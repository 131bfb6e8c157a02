import HTTPTransport
import Testing

@Suite struct DeliveryBudgetTests {
    @Test(arguments: [1, 2, 5, 8, 10, 30, 60, 600])
    func theBudgetEndsBeforeTheRoutersTimeout(seconds: Int) {
        let timeout = Duration.seconds(seconds)
        let budget = DeliveryBudget.within(timeout)
        #expect(budget < timeout)
        #expect(budget >= timeout / 2, "at most half of the timeout is kept back")
        #expect(timeout - budget >= min(.seconds(1), timeout / 2), "at least a second is kept back")
    }

    @Test func aTenthIsKeptBackOfALongTimeout() {
        #expect(DeliveryBudget.within(.seconds(60)) == .seconds(54))
        #expect(DeliveryBudget.within(.seconds(8)) == .seconds(7))
    }

    @Test(arguments: [Duration.zero, .seconds(-1)])
    func noRouterLimitGivesTheUnboundedBudget(timeout: Duration) {
        #expect(DeliveryBudget.within(timeout) == DeliveryBudget.unbounded)
    }
}
