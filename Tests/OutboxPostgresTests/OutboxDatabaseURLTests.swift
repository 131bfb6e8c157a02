import ShareCore
import ShareHistory
import Testing

/// Reading a PostgreSQL connection string: its parts, percent-decoding, and errors that name the part.
struct OutboxDatabaseURLTests {
    @Test func readsEveryPart() throws {
        let url = try OutboxDatabaseURL(
            parsing: "postgresql://app%40x:s%3Acret@db.internal:6543/shares?sslmode=require"
        )
        #expect(url.user == "app@x")
        #expect(url.password?.revealed() == "s:cret")
        #expect(url.host == "db.internal" && url.port == 6543 && url.database == "shares")
        #expect(url.tls == .require)
        #expect(url.description == "postgresql://app%40x@db.internal:6543/shares?sslmode=require")
        var unsecret = url
        unsecret.password = nil
        #expect(try OutboxDatabaseURL(parsing: url.description) == unsecret)
    }

    @Test func takesDefaultsAndIPv6() throws {
        let url = try OutboxDatabaseURL(parsing: "postgres://app@[::1]/shares")
        #expect(url.host == "::1" && url.port == 5432 && url.password == nil && url.tls == .prefer)
        #expect(url.description == "postgresql://app@[::1]:5432/shares?sslmode=prefer")
        #expect(OutboxDatabaseURL.isPostgres("POSTGRESQL://x") && !OutboxDatabaseURL.isPostgres("/var/outbox.sqlite"))
    }

    @Test(arguments: [
        ("mysql://app@h/db", "scheme"),
        ("postgresql://h/db", "user"),
        ("postgresql://app@/db", "host"),
        ("postgresql://app@h:0/db", "port"),
        ("postgresql://app@h:99999/db", "port"),
        ("postgresql://app@h", "database"),
        ("postgresql://app@h/db?sslmode=sometimes", "sslmode"),
        ("postgresql://app@h/db?application_name=x", "query"),
        ("postgresql://app:%zz@h/db", "password"),
        ("postgresql://app@h/d%00b", "database"),
        ("postgresql://app@h/db#x", "url"),
        ("postgresql://\(String(repeating: "u", count: 64))@h/db", "user"),
        ("postgresql://app@h/\(String(repeating: "d", count: 64))", "database"),
        ("postgresql://app@\(String(repeating: "h", count: 254))/db", "host"),
    ])
    func refusesWithThePart(text: String, part: String) {
        #expect(throws: OutboxDatabaseURL.ParseError.self) {
            do {
                _ = try OutboxDatabaseURL(parsing: text)
            } catch let error as OutboxDatabaseURL.ParseError {
                #expect(error.part == part)
                throw error
            }
        }
    }

    @Test func refusesALongStringWithoutQuotingIt() {
        let secret = "SECRET-" + String(repeating: "x", count: OutboxDatabaseURL.maximumBytes)
        #expect(throws: OutboxDatabaseURL.ParseError.self) {
            do {
                _ = try OutboxDatabaseURL(parsing: "postgresql://app:\(secret)@h/db")
            } catch let error as OutboxDatabaseURL.ParseError {
                #expect(error.part == "length" && !error.description.contains("SECRET"))
                throw error
            }
        }
    }

    @Test func aBadPartNeverQuotesThePassword() {
        #expect(throws: OutboxDatabaseURL.ParseError.self) {
            do {
                _ = try OutboxDatabaseURL(parsing: "postgresql://app:CANARY-77@h:port/db")
            } catch let error as OutboxDatabaseURL.ParseError {
                #expect(!error.description.contains("CANARY-77"))
                throw error
            }
        }
    }
}
