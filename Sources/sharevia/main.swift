import ShareviaCLI

ShareviaMain.run()
