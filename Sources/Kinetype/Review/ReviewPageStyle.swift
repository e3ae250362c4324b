/// The style sheet shared by kinetype's HTML pages (the `verify` report and the `preview` page),
/// light and dark, and the report's script. Kept as constants so every page is one file with no
/// network access.
public enum ReviewPageStyle {
    /// A page's start, to its `<head>`'s end: the document type, the meta tags every page has
    /// (light and dark), `generator` when given, the escaped `title`, and `css` and `extraCSS`.
    public static func head(title: String, generator: String? = nil, extraCSS: String = "") -> String {
        let generatorTag = generator.map { "\n<meta name=\"generator\" content=\"\($0)\">" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">\(generatorTag)
            <title>\(HTMLText.escape(title))</title>
            <style>\(css)\(extraCSS)</style>
            </head>
            """
    }

    /// Colours, type and the components both pages use (chips, callouts, command boxes, cards).
    public static let css = """
        :root{--bg:#f6f7f9;--fg:#1d2330;--muted:#5d6677;--card:#fff;--border:#d9dde5;--accent:#3461d1;
        --bad:#c62f3a;--bad-bg:#fde8ea;--ok:#1f7a46;--ok-bg:#e3f4ea;--warn:#8a5a00;--warn-bg:#fff3d6;
        --code:#eef0f4;--check-a:#e4e6ea;--check-b:#fafafa;color-scheme:light dark}
        @media (prefers-color-scheme:dark){:root{--bg:#14161b;--fg:#e6e8ee;--muted:#9aa3b5;--card:#1d2028;
        --border:#323846;--accent:#7ea2ff;--bad:#ff7b86;--bad-bg:#3a1c21;--ok:#6fd49a;--ok-bg:#16301f;
        --warn:#f3c160;--warn-bg:#33290f;--code:#262a34;--check-a:#2a2d35;--check-b:#22252c}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",
        "DejaVu Sans",sans-serif}
        header.top,main{max-width:1200px;margin:0 auto;padding:16px 24px}
        h1{font-size:22px;margin:8px 0 4px}h2{font-size:18px;margin:0 0 8px}h3{font-size:16px;margin:0 0 4px}
        code,pre{font:13px/1.45 ui-monospace,"DejaVu Sans Mono",monospace}
        pre{background:var(--code);padding:10px 12px;border-radius:8px;overflow:auto;margin:0}
        .muted,.meta{color:var(--muted)}.meta{font-size:13px}
        .summary{font-size:17px;font-weight:600;margin:4px 0}.summary.bad{color:var(--bad)}.summary.ok{color:var(--ok)}
        .chip{display:inline-block;font-size:12px;font-weight:600;padding:1px 8px;border-radius:999px;
        background:var(--code);color:var(--muted);vertical-align:middle}
        .chip.failed,.chip.missing,.chip.error{background:var(--bad-bg);color:var(--bad)}
        .chip.passed,.chip.ok{background:var(--ok-bg);color:var(--ok)}
        .chip.recorded,.chip.updated,.chip.warning{background:var(--warn-bg);color:var(--warn)}
        .callout{border-left:4px solid var(--border);background:var(--card);padding:8px 12px;border-radius:6px;margin:8px 0}
        .callout.warn{border-color:var(--warn);background:var(--warn-bg)}
        .callout.bad{border-color:var(--bad);background:var(--bad-bg)}
        .callout ul{margin:4px 0;padding-left:20px}.callout p{margin:0}
        .command{display:flex;gap:8px;align-items:flex-start;background:var(--code);border-radius:8px;padding:8px 10px;
        margin:6px 0 12px}
        .command code{flex:1;white-space:pre-wrap;word-break:break-all}
        button,select{font:inherit;font-size:13px;color:var(--fg);background:var(--card);border:1px solid var(--border);
        border-radius:6px;padding:3px 10px;cursor:pointer}
        button:hover{border-color:var(--accent)}button.on{background:var(--accent);border-color:var(--accent);color:#fff}
        .accept{background:var(--card);border:1px solid var(--border);border-radius:10px;padding:12px 16px;margin:12px 0}
        .accept p{margin:0}
        .toc ul{list-style:none;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:6px 16px}
        .toc a{color:var(--fg);text-decoration:none}.toc a:hover{text-decoration:underline}
        section.scene{background:var(--card);border:1px solid var(--border);border-radius:12px;padding:16px 20px;
        margin:0 0 20px}
        section.scene.failed{border-top:4px solid var(--bad)}section.scene.passed{border-top:4px solid var(--ok)}
        dl.paths{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 6px;font-size:13px}
        dl.paths dt{color:var(--muted)}dl.paths dd{margin:0;word-break:break-all}
        article.frame{border-top:1px solid var(--border);padding:14px 0 6px}
        .compare .modes{display:flex;gap:6px;align-items:center;margin:6px 0 8px;flex-wrap:wrap}
        .zoom{margin-left:auto;font-size:13px;color:var(--muted)}
        .viewer{width:fit-content;max-width:100%}
        .stage{display:grid;position:relative;overflow:auto;max-width:100%;
        background:repeating-conic-gradient(var(--check-a) 0 25%,var(--check-b) 0 50%) 0 0/16px 16px;
        border-radius:6px;border:1px solid var(--border)}
        .stage figure{margin:0;grid-area:1/1}
        .stage img{display:block;max-width:100%;height:auto}
        .compare.zoomed .stage img{max-width:none;image-rendering:pixelated}
        .stage figcaption{display:none;font-size:12px;color:var(--muted);background:var(--card);padding:2px 6px}
        .compare[data-mode=slider] .stage::after{content:"";position:absolute;top:0;bottom:0;left:var(--mix,50%);
        width:2px;margin-left:-1px;background:var(--accent);pointer-events:none}
        .compare[data-mode=slider] .stage,.compare[data-mode=onion] .stage{padding-top:26px}
        .compare[data-mode=slider] figcaption,.compare[data-mode=onion] figcaption{display:block;position:absolute;top:3px;
        border-radius:4px}
        .compare[data-mode=slider] .expected figcaption,.compare[data-mode=onion] .expected figcaption{left:6px}
        .compare[data-mode=slider] .actual figcaption,.compare[data-mode=onion] .actual figcaption{right:6px}
        .compare[data-mode=slider] .diff,.compare[data-mode=onion] .diff{display:none}
        .compare[data-mode=slider] .actual img{clip-path:inset(0 0 0 var(--mix,50%))}
        .compare[data-mode=onion] .actual img{opacity:calc(1 - var(--mix-fraction,.5))}
        .compare[data-mode=diff] .expected,.compare[data-mode=diff] .actual{display:none}
        .compare[data-mode=side] .viewer{width:auto}
        .compare[data-mode=side] .stage{display:flex;flex-wrap:wrap;gap:8px;background:none;border:0}
        .compare[data-mode=side] .stage figure{background:repeating-conic-gradient(var(--check-a) 0 25%,
        var(--check-b) 0 50%) 0 0/16px 16px;border:1px solid var(--border);border-radius:6px;overflow:hidden;
        max-width:calc(33% - 6px)}
        .compare[data-mode=side] figcaption,.compare[data-mode=diff] figcaption{display:block}
        .compare[data-mode=side] .mix,.compare[data-mode=diff] .mix{display:none}
        .mix{display:block;width:100%;margin:8px 0 0}
        figure.broken::after{content:"image missing";color:var(--bad);padding:8px;display:block}
        details.others{margin-top:12px}summary{cursor:pointer;color:var(--muted)}
        table{border-collapse:collapse;font-size:13px;margin-top:6px}
        th,td{text-align:left;padding:3px 12px 3px 0;border-bottom:1px solid var(--border)}
        th{color:var(--muted);font-weight:600}
        """

    /// The report's script: view switching, zoom, copy buttons. Once the page has loaded it
    /// records each image's natural width in `data-natural-width` and sets `data-state` on the body
    /// to `ready` (or `error` after a script error, whose messages go to `data-errors`), which is
    /// what the browser tests read.
    public static let reportScript = """
        (function(){
        var errors=[];
        window.addEventListener('error',function(e){errors.push(String(e.message||e));
        document.body.dataset.errors=errors.join(' | ');document.body.dataset.state='error';});
        function setMode(c,m){c.dataset.mode=m;c.querySelectorAll('.modes button').forEach(function(b){
        b.classList.toggle('on',b.dataset.mode===m);});}
        document.querySelectorAll('.compare').forEach(function(c){
        c.querySelectorAll('.modes button').forEach(function(b){b.addEventListener('click',function(){setMode(c,b.dataset.mode);});});
        var mix=c.querySelector('.mix');
        function apply(){c.style.setProperty('--mix',mix.value+'%');c.style.setProperty('--mix-fraction',String(mix.value/100));}
        mix.addEventListener('input',apply);apply();
        var zoom=c.querySelector('.zoom select');
        zoom.addEventListener('change',function(){var z=Number(zoom.value);c.classList.toggle('zoomed',z!==1);
        c.querySelectorAll('img').forEach(function(img){img.style.width=z===1?'':(img.naturalWidth*z)+'px';});});
        });
        document.querySelectorAll('.command .copy').forEach(function(b){b.addEventListener('click',function(){
        var code=b.parentNode.querySelector('code');var range=document.createRange();range.selectNodeContents(code);
        var selection=window.getSelection();selection.removeAllRanges();selection.addRange(range);
        if(navigator.clipboard){navigator.clipboard.writeText(code.textContent).then(function(){b.textContent='Copied';},
        function(){b.textContent='Selected';});}else{b.textContent='Selected';}});});
        window.addEventListener('load',function(){var images=Array.prototype.slice.call(document.images);
        images.forEach(function(img){img.dataset.naturalWidth=String(img.naturalWidth);
        if(img.naturalWidth===0){img.parentNode.classList.add('broken');}});
        document.body.dataset.images=String(images.length);
        if(!errors.length){document.body.dataset.state='ready';}});
        })();
        """
}
