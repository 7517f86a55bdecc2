# Tidies a manual page swift-argument-parser's generate-manual wrote (mdoc), for scripts/install and scripts/package:
# - a blank line (between the paragraphs of a discussion) becomes `.Pp`, mdoc's paragraph break: groff warns
#   "Empty input line" at each blank line otherwise;
# - the `help` subcommand that swift-argument-parser adds to every command is left out, with the `subcommand`
#   word of the synopsis: rss-repl and rss-report take no subcommand (`--help` is listed with the options).
#   With `-v subcommands=1` (rss-serve, whose subcommands are run, user and token) both stay.
/^$/ { print ".Pp"; next }
!subcommands && /^\.Ar subcommand$/ { next }
!subcommands && /^\.It Em help$/ { skipping = 1; next }
skipping && /^\.El$/ { skipping = 0; next }
skipping { next }
{ print }
