/// The catalogue files' bytes, compiled into the code by SwiftPM (`embedInCode` in Package.swift).
enum CatalogueFiles {
    /// The bytes of `Catalogues/<language>.txt`, or none for a language without a file.
    static func bytes(_ language: String) -> [UInt8] {
        switch language {
        case "ar": PackageResources.ar_txt
        case "de": PackageResources.de_txt
        case "en": PackageResources.en_txt
        case "es": PackageResources.es_txt
        case "fr": PackageResources.fr_txt
        case "he": PackageResources.he_txt
        case "hi": PackageResources.hi_txt
        case "it": PackageResources.it_txt
        case "ja": PackageResources.ja_txt
        case "ko": PackageResources.ko_txt
        case "pt": PackageResources.pt_txt
        case "ru": PackageResources.ru_txt
        case "tr": PackageResources.tr_txt
        case "zh-Hans": PackageResources.zh_Hans_txt
        default: []
        }
    }
}
