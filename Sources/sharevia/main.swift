import ShareviaCLI

await ShareviaMain.run()
