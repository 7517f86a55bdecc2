/// The web front's one style sheet: the system's fonts, a measure of about 70 characters for reading, light and
/// dark by `prefers-color-scheme`, one column on a phone and a sidebar beside the list from 50 em. Colours
/// keep WCAG AA contrast in both schemes; focus is always visible. Article HTML is held in its box: images
/// and tables scale or scroll, long words break.
enum StyleSheet {
    static let text = #"""
:root {
  color-scheme: light dark;
  --text: #1d1d1f; --muted: #555a60; --background: #ffffff; --panel: #f3f4f6; --line: #d0d4da;
  --accent: #0b57d0; --accent-text: #ffffff; --unread: #0b57d0; --star: #8a5a00; --focus: #b3261e;
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e8e8ea; --muted: #b4b8bf; --background: #15171a; --panel: #1f2226; --line: #3a3f46;
    --accent: #8ab4f8; --accent-text: #0b1a33; --unread: #8ab4f8; --star: #f2c14e; --focus: #ffb4ab;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--background); color: var(--text);
  font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
  overflow-wrap: anywhere;
}
a { color: var(--accent); }
a:visited { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999em; }
.skip:focus { left: 1rem; top: 1rem; background: var(--background); padding: .5rem; z-index: 10; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

header.bar {
  display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center;
  padding: .5rem 1rem; border-bottom: 1px solid var(--line); background: var(--panel);
}
header.bar .brand { font-weight: 700; color: var(--text); text-decoration: none; }
header.bar nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; align-items: center; list-style: none; margin: 0; padding: 0; }
header.bar a[aria-current="page"] { font-weight: 700; color: var(--text); }
header.bar form.search { display: flex; gap: .25rem; flex: 1 1 12rem; max-width: 24rem; }
header.bar form.search input { flex: 1; min-width: 0; }
input, select, button, textarea {
  font: inherit; color: var(--text); background: var(--background);
  border: 1px solid var(--line); border-radius: .3rem; padding: .3rem .5rem;
}
button, .button {
  cursor: pointer; background: var(--panel); color: var(--text); text-decoration: none;
  display: inline-block; border: 1px solid var(--line); border-radius: .3rem; padding: .3rem .7rem;
}
button.primary { background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
form.inline { display: inline; margin: 0; }

.layout { display: grid; grid-template-columns: 1fr; }
@media (min-width: 50em) {
  .layout { grid-template-columns: 16rem minmax(0, 1fr); }
  /* The library comes after the content in the page (and in the Tab order), beside it on a wide screen. */
  .layout > aside.library { grid-column: 1; grid-row: 1; }
  .layout > main { grid-column: 2; grid-row: 1; }
}
aside.library { padding: 1rem; border-top: 1px solid var(--line); min-width: 0; }
@media (min-width: 50em) { aside.library { border-top: none; border-right: 1px solid var(--line); } }
aside.library h2 { font-size: .85rem; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 1rem 0 .25rem; }
aside.library ul { list-style: none; margin: 0; padding: 0; }
aside.library li { display: flex; justify-content: space-between; gap: .5rem; padding: .1rem 0; }
aside.library li a { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.count { color: var(--muted); font-variant-numeric: tabular-nums; }
main { padding: 1rem; min-width: 0; max-width: 60rem; }
main h1 { font-size: 1.4rem; margin: 0 0 .75rem; line-height: 1.25; }

ol.articles { list-style: none; margin: 0; padding: 0; }
ol.articles li {
  display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: .1rem 1rem; align-items: center;
  padding: .45rem .5rem; border-bottom: 1px solid var(--line);
}
ol.articles li .actions { margin: 0; gap: .35rem; align-items: center; }
ol.articles li .actions button { padding: .1rem .5rem; font-size: .85rem; }
ol.articles li .actions a { font-size: .85rem; }
@media (max-width: 40em) { ol.articles li { grid-template-columns: minmax(0, 1fr); } }
ol.articles li.current { background: var(--panel); outline: 2px solid var(--accent); }
ol.articles li .title { font-weight: 600; text-underline-offset: .15em; text-decoration-thickness: 1px; }
ol.articles li.read .title { font-weight: 400; color: var(--muted); }
ol.articles li .meta { color: var(--muted); font-size: .85rem; }
ol.articles li .headline { min-width: 0; }
.star { color: var(--star); }
.pages { display: flex; justify-content: space-between; gap: 1rem; margin: 1rem 0; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .75rem 0; }
.notice { padding: .5rem .75rem; border: 1px solid var(--line); border-left: 4px solid var(--accent); background: var(--panel); }
.problem { border-left-color: var(--focus); }

article.reading { max-width: 42rem; }
article.reading h1 { font-size: 1.6rem; }
article.reading .meta, article.reading .origin { color: var(--muted); font-size: .9rem; }
article.reading .body { font-size: 1.08rem; line-height: 1.65; overflow: hidden; }
article.reading .body img, article.reading .body video { max-width: 100%; height: auto; }
article.reading .body pre { overflow-x: auto; white-space: pre; }
article.reading .body table { display: block; overflow-x: auto; border-collapse: collapse; }
article.reading .body td, article.reading .body th { border: 1px solid var(--line); padding: .25rem .5rem; }
article.reading .body blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 3px solid var(--line); }
nav.neighbours { display: flex; justify-content: space-between; gap: 1rem; margin: 1.5rem 0; }

form.stacked { display: grid; gap: .75rem; max-width: 24rem; }
form.stacked label { display: grid; gap: .25rem; }
table.plain { border-collapse: collapse; width: 100%; }
table.plain th, table.plain td { text-align: left; border-bottom: 1px solid var(--line); padding: .4rem .5rem; vertical-align: top; }
dialog.keys { max-width: 30rem; color: var(--text); background: var(--background); border: 1px solid var(--line); }
dialog.keys dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
img.icon { width: 1em; height: 1em; vertical-align: -0.125em; margin-right: .35em; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dl.facts dd { margin: 0; }
kbd { font-family: ui-monospace, monospace; border: 1px solid var(--line); border-radius: .2rem; padding: 0 .3rem; }
"""#
}
