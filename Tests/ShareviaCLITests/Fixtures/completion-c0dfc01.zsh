_sharevia_share() {
    local -i ret=1
    local -ar ___selection=('clipboard' 'primary')
    local -ar ___clipboard_backend=('auto' 'x11' 'xclip' 'wl-copy' 'xsel')
    local -ar ___as=('auto' 'background' 'sticker')
    local -ar ___smtp_tls=('required' 'opportunistic' 'none')
    local -ar arg_specs=(
        '*--to[Where to share, tried in order (comma separated, or --to repeated). See '\''sharevia destinations'\''.]:dest,...:'
        '*:file:'
        '--text[The share text; '\''-'\'' reads it from standard input.]:text:'
        '--title[A title (the email subject, the Reddit title).]:title:'
        '--url[A link to share (http or https).]:url:'
        '*--hashtag[A hashtag, with or without '\''#'\''; repeat for more.]:tag:'
        '--kind[The kind of moment\: achievement, streak, level-up, progress or generic.]:kind:'
        '--fallback[Fallbacks after the --to destinations, replacing the default '\''clipboard,file'\''.]:dest,...:'
        '--chain[A chain named in the config file ('\''chains\:'\''), instead of --to and the fallbacks.]:name:'
        '--no-fallback[Try only the --to destinations.]'
        '--dry-run[Show what each destination would receive; deliver nothing.]'
        '--json[Print the report (or the dry run) as JSON on standard output.]'
        '(-v --verbose)'{-v,--verbose}'[Include what plugins logged on stderr in the report.]'
        '--unavailable[Treat these destinations as unavailable (comma separated), to test fallbacks. Adds to SHAREVIA_UNAVAILABLE.]:dest,...:'
        '--out[Folder for the file export (default\: $XDG_DATA_HOME/sharevia/shares).]:dir:'
        '--selection[Clipboard selection to use\: clipboard or primary (default\: clipboard).]:selection:{__sharevia_complete "${___selection[@]}"}'
        '--no-verify[Don'\''t read the clipboard back to confirm it holds the bytes.]'
        '--clipboard-backend[How to reach the clipboard; x11 is sharevia'\''s own X11 client (or SHAREVIA_CLIPBOARD_BACKEND).]:backend:{__sharevia_complete "${___clipboard_backend[@]}"}'
        '--mastodon-instance[Mastodon server for the mastodon destination (or SHAREVIA_MASTODON_INSTANCE).]:host:'
        '--timeout[Seconds one delivery may take before it counts as failed (default\: 30).]:seconds:'
        '--retries[Retries after a transient failure, per destination (default\: 2).]:retries:'
        '--config[The config file (or SHAREVIA_CONFIG; default\: $XDG_CONFIG_HOME/sharevia/config.yaml).]:file:'
        '--instagram-app-id[The Facebook App ID Instagram requires (or SHAREVIA_INSTAGRAM_APP_ID).]:id:'
        '--as[Instagram layer for the image\: background or sticker (default\: by its shape).]:layer:{__sharevia_complete "${___as[@]}"}'
        '--top-color[Instagram\: the gradient'\''s top colour behind a sticker, #RRGGBB.]:#RRGGBB:'
        '--bottom-color[Instagram\: the gradient'\''s bottom colour behind a sticker, #RRGGBB.]:#RRGGBB:'
        '--fit[Instagram\: place any image on a 1080x1920 canvas and send it as the background.]'
        '--device[Instagram\: the adb serial of the Android device to use when several are attached.]:serial:'
        '*--sms-to[SMS\: a recipient, E.164 (+14155550123) or local digits; repeat for more (or SHAREVIA_SMS_TO).]:number:'
        '--sms-device[SMS\: the KDE Connect device id (or name) of the phone to send through when several are paired.]:id:'
        '--sms-smart-encoding[SMS\: replace curly quotes, dashes, … and special spaces by GSM-7 ones when that keeps it GSM-7.]'
        '--sms-max-segments[SMS\: trim the message to at most this many segments (the link is kept whole).]:n:'
        '--smtp[Email\: the SMTP server, smtp\://host\:port (STARTTLS) or smtps\://host\:port (or SHAREVIA_SMTP_URL); without one, a .eml draft and a mailto\: URI.]:url:'
        '--email-from[Email\: the sender, addr or '\''Name <addr>'\'' (or SHAREVIA_EMAIL_FROM).]:address:'
        '*--email-to[Email\: a recipient, addr or '\''Name <addr>'\''; repeat for more.]:address:'
        '*--email-cc[Email\: a Cc recipient; repeat for more.]:address:'
        '--subject[Email\: the subject (default\: the title).]:subject:'
        '--html[Email\: add an HTML version that shows the card inline.]'
        '--smtp-tls[Email\: STARTTLS required, opportunistic or none (default\: required; opportunistic on loopback).]:mode:{__sharevia_complete "${___smtp_tls[@]}"}'
        '--smtp-ca-file[Email\: a PEM file of CA certificates to verify the SMTP server with.]:file:'
        '--card[Draw the card in this spec (see '\''sharevia card'\'') at each destination'\''s size and share it with the kind'\''s share text (--text replaces it).]:spec.json:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_sharevia_destinations() {
    local -i ret=1
    local -ar ___selection=('clipboard' 'primary')
    local -ar ___clipboard_backend=('auto' 'x11' 'xclip' 'wl-copy' 'xsel')
    local -ar arg_specs=(
        '--json[Print the list as JSON.]'
        '--unavailable[Treat these destinations as unavailable (comma separated), to test fallbacks. Adds to SHAREVIA_UNAVAILABLE.]:dest,...:'
        '--out[Folder for the file export (default\: $XDG_DATA_HOME/sharevia/shares).]:dir:'
        '--selection[Clipboard selection to use\: clipboard or primary (default\: clipboard).]:selection:{__sharevia_complete "${___selection[@]}"}'
        '--no-verify[Don'\''t read the clipboard back to confirm it holds the bytes.]'
        '--clipboard-backend[How to reach the clipboard; x11 is sharevia'\''s own X11 client (or SHAREVIA_CLIPBOARD_BACKEND).]:backend:{__sharevia_complete "${___clipboard_backend[@]}"}'
        '--mastodon-instance[Mastodon server for the mastodon destination (or SHAREVIA_MASTODON_INSTANCE).]:host:'
        '--timeout[Seconds one delivery may take before it counts as failed (default\: 30).]:seconds:'
        '--retries[Retries after a transient failure, per destination (default\: 2).]:retries:'
        '--config[The config file (or SHAREVIA_CONFIG; default\: $XDG_CONFIG_HOME/sharevia/config.yaml).]:file:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}
