/// The HTML version of a plain-text body: paragraphs at blank lines, `<br>` at line breaks, a
/// line that is one http(s) URL as a link, then each image by its `cid:`.
enum HTMLRendering {
    static func document(_ text: String, images: [(MailAttachment, String)]) -> String {
        var html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n"
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { html += "<p>" + paragraph.joined(separator: "<br>\n") + "</p>\n" }
            paragraph.removeAll()
        }
        for line in QuotedPrintable.lines(of: text).map({ String(decoding: $0, as: UTF8.self) }) {
            if line.isEmpty {
                flush()
                continue
            }
            let isLink = (line.hasPrefix("https://") || line.hasPrefix("http://")) && !line.contains(" ")
            paragraph.append(isLink ? "<a href=\"\(escape(line))\">\(escape(line))</a>" : escape(line))
        }
        flush()
        for (image, id) in images {
            html +=
                "<p><img src=\"cid:\(escape(id))\" alt=\"\(escape(image.fileName))\" style=\"max-width:100%\"></p>\n"
        }
        return html + "</body></html>\n"
    }

    static func escape(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            default: output.append(character)
            }
        }
        return output
    }
}
