import Foundation

/// Pages written for the tests, each modelled on a kind of real site, small enough to read in full.
enum TestPages {
    /// Paragraph text long enough to be scored as article text, with commas as real prose has.
    static let lorem = [
        "The council met on Tuesday evening to discuss the new cycle lanes, which residents have asked for since the spring, and voted to fund the first stretch along the river.",
        "Engineers said the work would start in March, take about six weeks, and close one lane of the bridge at night, while buses keep their stops on both sides.",
        "Shop owners on the high street were divided: some welcomed the extra visitors, others feared losing parking spaces, and a few asked for a trial before any paint goes down.",
        "The mayor promised a public meeting before the final plans are drawn, with maps, costs and a survey of how people cross the river today, on foot, by bike and by car.",
    ]

    /// A news article: navigation, a share bar, the story, a related-stories list, comments and a footer.
    static let news = """
    <!DOCTYPE html>
    <html lang="en-GB"><head>
    <meta charset="utf-8">
    <title>Council backs river cycle lanes | The Riverside Gazette</title>
    <meta property="og:site_name" content="The Riverside Gazette">
    <meta property="og:image" content="/images/bridge.jpg">
    <meta name="author" content="Jane Reporter">
    <meta property="article:published_time" content="2026-03-05T09:30:00Z">
    <meta name="description" content="Councillors vote to fund the first stretch of cycle lanes along the river.">
    </head><body>
    <header class="site-header"><nav class="main-nav"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul></nav></header>
    <div class="share-bar"><a href="https://social.example/share">Share</a> <a href="mailto:?body=x">Email</a></div>
    <main><article class="story">
    <h1>Council backs river cycle lanes</h1>
    <div class="story-body">
    <p>\(lorem[0])</p>
    <p>\(lorem[1])</p>
    <p>\(lorem[2])</p>
    <p>\(lorem[3])</p>
    </div></article></main>
    <aside class="related"><h2>Related stories</h2><ul><li><a href="/a">Bridge repairs delayed again</a></li><li><a href="/b">Bus fares to rise in April</a></li></ul></aside>
    <section id="comments" class="comments"><h2>Comments</h2><div class="comment"><p>Finally! I have been waiting for this for years, great news for everyone who cycles.</p></div></section>
    <footer class="site-footer"><p>Copyright The Riverside Gazette. All rights reserved, contact us, privacy policy.</p></footer>
    </body></html>
    """

    /// A blog post with a code listing, a figure with its caption, a list and a quotation.
    static let blog = """
    <html><head><title>Parsing deeply nested HTML without recursion - Ada's notes</title></head><body>
    <div id="sidebar" class="sidebar"><h3>Archives</h3><ul><li><a href="/2025">2025</a></li><li><a href="/2024">2024</a></li></ul></div>
    <div class="post hentry">
    <h2 class="entry-title">Parsing HTML without recursion</h2>
    <div class="entry-content">
    <p>Deeply nested markup is a classic way to crash a parser, because every level of nesting costs a stack frame, and a page can nest as deep as it likes.</p>
    <p>The fix is to keep your own stack, in an array, and to walk the tree in a loop, which costs memory in proportion to the depth, never a crash.</p>
    <pre><code>var stack = [root]
    while let node = stack.popLast() {
        visit(node)
    }</code></pre>
    <figure><img src="/img/tree.png" alt="A tree of nodes"><figcaption>The tree, walked in a loop.</figcaption></figure>
    <p>Three things to remember:</p>
    <ul><li>keep the stack on the heap</li><li>bound the input size</li><li>measure the peak memory</li></ul>
    <blockquote><p>Anything that can nest will be nested, by someone, on purpose, to see what breaks.</p></blockquote>
    <p>With that, a million nested elements become a long array and a slow walk, which a time limit can stop cleanly, and the program goes on.</p>
    </div></div></body></html>
    """

    /// A page with no article: a front page of links only.
    static let frontPage = """
    <html><head><title>Example Portal</title></head><body>
    <nav><ul><li><a href="/a">One</a></li><li><a href="/b">Two</a></li><li><a href="/c">Three</a></li></ul></nav>
    <div class="links"><a href="/d">Four</a> <a href="/e">Five</a></div>
    </body></html>
    """

    /// An article page around `body`, with a title and enough text for the first attempt to be taken.
    static func article(_ body: String, head: String = "", title: String = "A plain article about the river") -> String {
        """
        <html><head><title>\(title)</title>\(head)</head><body><div class="content">
        <p>\(lorem[0])</p>
        \(body)
        <p>\(lorem[1])</p>
        <p>\(lorem[2])</p>
        <p>\(lorem[3])</p>
        </div></body></html>
        """
    }

    static func data(_ html: String) -> Data { Data(html.utf8) }
}
