import Foundation
import ImagePipeline
import ProcessRunning
import Testing

/// JPEG decoding through libjpeg-turbo: the pixels `djpeg` writes, every EXIF orientation,
/// CMYK refused, damage and limits refused. The test JPEGs are made in the test run with
/// libjpeg-turbo's `cjpeg` and ImageMagick from a generated picture.
struct JPEGDecoderTests {
    /// A 48x32 picture with four flat quadrants and a gradient stripe: red, green / blue, white.
    static func picture(width: Int = 48, height: Int = 32) -> [UInt8] {
        var rgb: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let left = x < width / 2
                let top = y < height / 2
                let color: [UInt8] =
                    top ? (left ? [220, 20, 20] : [20, 200, 20]) : (left ? [20, 20, 220] : [240, 240, 240])
                rgb += y == height - 1 ? [UInt8(x * 5), UInt8(x * 5), UInt8(x * 5)] : color
            }
        }
        return rgb
    }

    static func ppm(_ rgb: [UInt8], width: Int, height: Int) -> Data {
        Data("P6\n\(width) \(height)\n255\n".utf8) + Data(rgb)
    }

    static func run(_ tool: String, _ arguments: [String], input: [UInt8]? = nil) async throws -> [UInt8] {
        let output = try await ProcessRunner().run(
            "/usr/bin/env",
            arguments: [tool] + arguments,
            input: input,
            timeout: .seconds(30)
        )
        try #require(
            output.exitStatus == 0,
            "\(tool) failed (apt-get install libjpeg-turbo-progs imagemagick): \(String(decoding: output.standardError, as: UTF8.self))"
        )
        return output.standardOutput
    }

    /// `djpeg`'s pixels for `jpeg`, as RGB triples (greyscale replicated).
    static func djpegPixels(_ jpeg: [UInt8]) async throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let pnm = try await run("djpeg", ["-pnm"], input: jpeg)
        // "P6\nW H\n255\n" or "P5\nW H\n255\n", then the samples.
        var fields: [String] = []
        var index = 0
        var current = ""
        while fields.count < 4 {
            let byte = pnm[index]
            index += 1
            if byte == 0x0A || byte == 0x20 {
                if !current.isEmpty { fields.append(current) }
                current = ""
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        let width = Int(fields[1])!
        let height = Int(fields[2])!
        let samples = Array(pnm[index...])
        let rgb = fields[0] == "P5" ? samples.flatMap { [$0, $0, $0] } : samples
        return (width, height, rgb)
    }

    static func rgb(of image: RGBAImage) -> [UInt8] {
        var rgb: [UInt8] = []
        for (offset, byte) in image.pixels.enumerated() where offset % 4 != 3 { rgb.append(byte) }
        return rgb
    }

    @Test(arguments: [["-baseline"], ["-progressive"], ["-grayscale"], ["-quality", "60", "-sample", "2x2"]])
    func decodesExactlyWhatDjpegDecodes(options: [String]) async throws {
        let ppm = Self.ppm(Self.picture(), width: 48, height: 32)
        let jpeg = try await Self.run("cjpeg", options, input: [UInt8](ppm))
        let image = try JPEGDecoder().decode(data: jpeg)
        let reference = try await Self.djpegPixels(jpeg)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(Self.rgb(of: image) == reference.rgb, "pixels differ from djpeg for \(options)")
        #expect(image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "opaque")
    }

    /// An APP1 Exif segment (big-endian TIFF) holding only Orientation = `value`.
    static func exif(orientation value: UInt8) -> [UInt8] {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0, 0, 0, 0, 0, 0, 0,
        ]
        let body = Array("Exif\0\0".utf8) + tiff
        let length = body.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    /// Where each quadrant's colour must land, per the EXIF definitions: the colour seen at the
    /// output's top-left, top-right, bottom-left and bottom-right.
    static let upright: [Int: [String]] = [
        1: ["red", "green", "blue", "white"], 2: ["green", "red", "white", "blue"],
        3: ["white", "blue", "green", "red"], 4: ["blue", "white", "red", "green"],
        5: ["red", "blue", "green", "white"], 6: ["blue", "red", "white", "green"],
        7: ["white", "green", "blue", "red"], 8: ["green", "white", "red", "blue"],
    ]

    static func name(_ pixel: RGBAPixel) -> String {
        switch (pixel.r > 128, pixel.g > 128, pixel.b > 128) {
        case (true, false, false): "red"
        case (false, true, false): "green"
        case (false, false, true): "blue"
        case (true, true, true): "white"
        default: "other \(pixel)"
        }
    }

    @Test(arguments: 1...8)
    func everyEXIFOrientationComesOutUpright(orientation: Int) async throws {
        let jpeg = try await Self.run(
            "cjpeg",
            ["-quality", "95"],
            input: [UInt8](Self.ppm(Self.picture(), width: 48, height: 32))
        )
        let tagged = Array(jpeg.prefix(2)) + Self.exif(orientation: UInt8(orientation)) + Array(jpeg.dropFirst(2))
        #expect(EXIFOrientation(jpeg: tagged).rawValue == orientation)
        let image = try JPEGDecoder().decode(data: tagged)
        let turned = orientation >= 5
        #expect(image.width == (turned ? 32 : 48) && image.height == (turned ? 48 : 32))
        let (w, h) = (image.width, image.height)
        let corners = [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)]
            .map { Self.name(image.pixel(x: $0.0, y: $0.1)) }
        #expect(corners == Self.upright[orientation], "orientation \(orientation)")
    }

    @Test func aCMYKJPEGIsRefusedClearly() async throws {
        let ppm = Self.ppm(Self.picture(), width: 48, height: 32)
        let cmyk = try await Self.run("convert", ["ppm:-", "-colorspace", "CMYK", "jpg:-"], input: [UInt8](ppm))
        let error = #expect(throws: ImageError.self) { try JPEGDecoder().decode(data: cmyk) }
        #expect(error?.code == .decodingUnsupported)
        #expect(error?.message.contains("is a CMYK JPEG") == true, "\(error?.message ?? "")")
    }

    @Test func damageAndLimitsAreRefused() async throws {
        let jpeg = try await Self.run("cjpeg", [], input: [UInt8](Self.ppm(Self.picture(), width: 48, height: 32)))
        let truncated = Array(jpeg.prefix(jpeg.count * 2 / 3))
        let damaged = #expect(throws: ImageError.self) { try JPEGDecoder().decode(data: truncated) }
        #expect(damaged?.code == .corruptData, "\(damaged?.message ?? "")")
        let small = DecodeLimits(maxPixels: 100, maxMemoryBytes: 1 << 20)
        let limited = #expect(throws: ImageError.self) { try JPEGDecoder(limits: small).decode(data: jpeg) }
        #expect(limited?.code == .pixelLimitExceeded)
        let png = #expect(throws: ImageError.self) { try JPEGDecoder().decode(data: [0x89, 0x50, 0x4E, 0x47]) }
        #expect(png?.code == .unsupportedFormat)
    }
}
