import OutboxPostgres
import ShareviaCLI

ShareviaMain.run(outboxBackends: OutboxBackends(postgres: PostgresOutboxBackend()))
