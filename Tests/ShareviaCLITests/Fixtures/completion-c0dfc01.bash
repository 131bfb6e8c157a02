_sharevia_share() {
    repeating_flags=()
    non_repeating_flags=(--no-fallback --dry-run --json -v --verbose --no-verify --fit --sms-smart-encoding --html --version -h --help)
    repeating_options=(--to --hashtag --sms-to --email-to --email-cc)
    non_repeating_options=(--text --title --url --kind --fallback --chain --unavailable --out --selection --clipboard-backend --mastodon-instance --timeout --retries --config --instagram-app-id --as --top-color --bottom-color --device --sms-device --sms-max-segments --smtp --email-from --subject --smtp-tls --smtp-ca-file --card)
    __sharevia_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--to')
        return
        ;;
    '--text')
        return
        ;;
    '--title')
        return
        ;;
    '--url')
        return
        ;;
    '--hashtag')
        return
        ;;
    '--kind')
        return
        ;;
    '--fallback')
        return
        ;;
    '--chain')
        return
        ;;
    '--unavailable')
        return
        ;;
    '--out')
        return
        ;;
    '--selection')
        __sharevia_add_completions -W 'clipboard'$'\n''primary'
        return
        ;;
    '--clipboard-backend')
        __sharevia_add_completions -W 'auto'$'\n''x11'$'\n''xclip'$'\n''wl-copy'$'\n''xsel'
        return
        ;;
    '--mastodon-instance')
        return
        ;;
    '--timeout')
        return
        ;;
    '--retries')
        return
        ;;
    '--config')
        return
        ;;
    '--instagram-app-id')
        return
        ;;
    '--as')
        __sharevia_add_completions -W 'auto'$'\n''background'$'\n''sticker'
        return
        ;;
    '--top-color')
        return
        ;;
    '--bottom-color')
        return
        ;;
    '--device')
        return
        ;;
    '--sms-to')
        return
        ;;
    '--sms-device')
        return
        ;;
    '--sms-max-segments')
        return
        ;;
    '--smtp')
        return
        ;;
    '--email-from')
        return
        ;;
    '--email-to')
        return
        ;;
    '--email-cc')
        return
        ;;
    '--subject')
        return
        ;;
    '--smtp-tls')
        __sharevia_add_completions -W 'required'$'\n''opportunistic'$'\n''none'
        return
        ;;
    '--smtp-ca-file')
        return
        ;;
    '--card')
        return
        ;;
    esac
}

_sharevia_destinations() {
    repeating_flags=()
    non_repeating_flags=(--json --no-verify --version -h --help)
    repeating_options=()
    non_repeating_options=(--unavailable --out --selection --clipboard-backend --mastodon-instance --timeout --retries --config)
    __sharevia_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--unavailable')
        return
        ;;
    '--out')
        return
        ;;
    '--selection')
        __sharevia_add_completions -W 'clipboard'$'\n''primary'
        return
        ;;
    '--clipboard-backend')
        __sharevia_add_completions -W 'auto'$'\n''x11'$'\n''xclip'$'\n''wl-copy'$'\n''xsel'
        return
        ;;
    '--mastodon-instance')
        return
        ;;
    '--timeout')
        return
        ;;
    '--retries')
        return
        ;;
    '--config')
        return
        ;;
    esac
}
