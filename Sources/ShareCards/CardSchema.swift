/// The published JSON Schema of card specs (`schemas/card-v1.schema.json`; a test keeps the two equal).
package enum CardSchema {
    /// The schema's text, as `sharevia card schema` prints it.
    package static let json = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://sharevia.dev/schemas/card-v1.schema.json",
          "title": "sharevia card spec, version 1",
          "description": "What 'sharevia card render' draws: a kind with its fields, a theme, a size, the footer and the share text.",
          "type": "object",
          "required": ["kind", "fields", "app"],
          "additionalProperties": false,
          "properties": {
            "version": { "const": 1 },
            "kind": {
              "enum": ["achievement", "level-up", "streak", "statistics", "personal-record", "progress", "challenge", "trip"]
            },
            "fields": { "type": "object", "description": "The kind's fields; see the allOf rules below." },
            "language": {
              "type": "string",
              "pattern": "^[A-Za-z0-9-]{1,35}$",
              "default": "en",
              "description": "BCP 47 tag. Right-to-left languages (ar, he, fa, ur...) mirror the layout; zh-Hans, zh-Hant, ja and ko pick regional CJK glyphs."
            },
            "theme": {
              "default": "dark",
              "oneOf": [
                { "enum": ["dark", "light", "midnight", "forest", "sunset", "berry", "ocean", "slate"] },
                {
                  "type": "object",
                  "additionalProperties": false,
                  "properties": {
                    "base": { "enum": ["dark", "light", "midnight", "forest", "sunset", "berry", "ocean", "slate"] },
                    "top": { "$ref": "#/$defs/opaqueColor" },
                    "bottom": { "$ref": "#/$defs/opaqueColor" },
                    "accent": { "$ref": "#/$defs/color" },
                    "text": { "$ref": "#/$defs/color" }
                  }
                }
              ]
            },
            "size": {
              "type": "string",
              "pattern": "^(story|square|landscape|link|[0-9]{3,4}x[0-9]{3,4})$",
              "default": "story",
              "description": "story 1080x1920, square 1080x1080, landscape 1200x675, link 1200x630, or WIDTHxHEIGHT (200 to 4096 a side)."
            },
            "private": { "type": "boolean", "default": false, "description": "Hide exact values: percentages and relative progress only." },
            "app": {
              "type": "object",
              "required": ["name"],
              "additionalProperties": false,
              "properties": {
                "name": { "$ref": "#/$defs/text" },
                "tagline": { "$ref": "#/$defs/text" },
                "link": { "type": "string", "pattern": "^https?://[^ ]+$" },
                "qr": { "type": "boolean", "default": false, "description": "Draw the link as a QR code (needs link)." }
              }
            },
            "hashtags": { "type": "array", "maxItems": 16, "items": { "type": "string", "pattern": "^#?[^\\s#]+$", "description": "Letters, digits and _ only, with or without #." } },
            "shareText": {
              "$ref": "#/$defs/text",
              "description": "A share-text template replacing the kind's; placeholders such as {app}, {link}, {name}, {days}."
            }
          },
          "allOf": [
            {
              "if": { "properties": { "kind": { "const": "achievement" } } },
              "then": { "properties": { "fields": {
                "type": "object", "required": ["icon", "name"], "additionalProperties": false,
                "properties": {
                  "icon": { "$ref": "#/$defs/text" }, "name": { "$ref": "#/$defs/text" },
                  "description": { "$ref": "#/$defs/text" }, "unlocked": { "$ref": "#/$defs/text" },
                  "rarity": { "$ref": "#/$defs/text" }, "level": { "$ref": "#/$defs/count" }
                } } } }
            },
            {
              "if": { "properties": { "kind": { "const": "level-up" } } },
              "then": { "properties": { "fields": {
                "type": "object", "required": ["level", "totalXP"], "additionalProperties": false,
                "properties": {
                  "level": { "$ref": "#/$defs/count" }, "totalXP": { "$ref": "#/$defs/count" },
                  "progress": { "type": "number", "minimum": 0, "maximum": 1 },
                  "unlocks": { "type": "array", "maxItems": 16, "items": { "$ref": "#/$defs/text" } }
                } } } }
            },
            {
              "if": { "properties": { "kind": { "const": "streak" } } },
              "then": { "properties": { "fields": {
                "type": "object", "required": ["days"], "additionalProperties": false,
                "properties": {
                  "days": { "$ref": "#/$defs/count" }, "total": { "$ref": "#/$defs/count" },
                  "calendar": { "type": "array", "maxItems": 31, "items": { "type": "boolean" } },
                  "message": { "$ref": "#/$defs/text" }
                } } } }
            },
            {
              "if": { "properties": { "kind": { "const": "statistics" } } },
              "then": { "properties": { "fields": {
                "type": "object", "required": ["period", "items"], "additionalProperties": false,
                "properties": {
                  "period": { "$ref": "#/$defs/text" },
                  "items": { "type": "array", "minItems": 1, "maxItems": 64, "items": {
                    "type": "object", "required": ["name", "count"], "additionalProperties": false,
                    "properties": { "name": { "$ref": "#/$defs/text" }, "count": { "$ref": "#/$defs/count" } } } },
                  "total": { "$ref": "#/$defs/count" },
                  "chart": { "type": "array", "maxItems": 31, "items": { "type": "number", "minimum": 0, "exclusiveMaximum": 1000000000000 } },
                  "chartLabels": { "type": "array", "maxItems": 31, "items": { "$ref": "#/$defs/text" } }
                } } } }
            },
            {
              "if": { "properties": { "kind": { "const": "personal-record" } } },
              "then": { "properties": { "fields": {
                "type": "object", "required": ["activity", "record"], "additionalProperties": false,
                "properties": {
                  "activity": { "$ref": "#/$defs/text" }, "record": { "$ref": "#/$defs/signedNumber" }, "previous": { "$ref": "#/$defs/signedNumber" },
                  "unit": { "$ref": "#/$defs/text" }, "date": { "$ref": "#/$defs/text" }, "lowerIsBetter": { "type": "boolean" }
                } } } }
            },
            {
              "if": { "properties": { "kind": { "const": "progress" } } },
              "then": { "properties": { "fields": {
                "type": "object", "required": ["current", "target"], "additionalProperties": false,
                "properties": {
                  "current": { "type": "number", "minimum": 0, "exclusiveMaximum": 1000000000000 },
                  "target": { "type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1000000000000 },
                  "unit": { "$ref": "#/$defs/text" }, "title": { "$ref": "#/$defs/text" },
                  "stats": { "type": "array", "maxItems": 3, "items": {
                    "type": "object", "required": ["label", "value"], "additionalProperties": false,
                    "properties": { "label": { "$ref": "#/$defs/text" }, "value": { "$ref": "#/$defs/text" } } } }
                } } } }
            },
            {
              "if": { "properties": { "kind": { "const": "challenge" } } },
              "then": { "properties": { "fields": {
                "type": "object", "required": ["badge", "name", "points"], "additionalProperties": false,
                "properties": {
                  "badge": { "$ref": "#/$defs/text" }, "name": { "$ref": "#/$defs/text" },
                  "date": { "$ref": "#/$defs/text" }, "points": { "$ref": "#/$defs/count" }
                } } } }
            },
            {
              "if": { "properties": { "kind": { "const": "trip" } } },
              "then": { "properties": { "fields": {
                "type": "object", "required": ["name", "route"], "additionalProperties": false,
                "properties": {
                  "name": { "$ref": "#/$defs/text" },
                  "route": {
                    "type": "array", "minItems": 2, "maxItems": 10000,
                    "description": "The route in order, as [latitude, longitude] pairs in degrees.",
                    "items": {
                      "type": "array", "prefixItems": [{ "$ref": "#/$defs/latitude" }, { "$ref": "#/$defs/longitude" }],
                      "minItems": 2, "maxItems": 2
                    }
                  },
                  "stops": {
                    "type": "array", "maxItems": 12,
                    "items": {
                      "type": "object", "required": ["name", "lat", "lon"], "additionalProperties": false,
                      "properties": {
                        "name": { "$ref": "#/$defs/text" },
                        "lat": { "$ref": "#/$defs/latitude" }, "lon": { "$ref": "#/$defs/longitude" }
                      }
                    }
                  },
                  "distance": {
                    "type": "number", "minimum": 0, "exclusiveMaximum": 1000000000000,
                    "description": "The distance the app measured; the route's length when absent."
                  },
                  "unit": { "enum": ["km", "mi"], "default": "km" },
                  "days": { "$ref": "#/$defs/count" }
                } } } }
            }
          ],
          "$defs": {
            "text": { "type": "string", "maxLength": 1000 },
            "count": { "type": "integer", "minimum": 0, "maximum": 999999999999 },
            "signedNumber": { "type": "number", "exclusiveMinimum": -1000000000000, "exclusiveMaximum": 1000000000000 },
            "color": { "type": "string", "pattern": "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$" },
            "opaqueColor": { "type": "string", "pattern": "^#[0-9A-Fa-f]{6}$" },
            "latitude": { "type": "number", "minimum": -90, "maximum": 90 },
            "longitude": { "type": "number", "minimum": -180, "maximum": 180 }
          }
        }
        """#
}
