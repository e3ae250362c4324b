import Kinetype

/// The page `kinetype preview` serves: a player (play/pause, scrubber, frame steps, keyboard:
/// space, ← and →), the timeline of every animation with a cursor at the current time, the text
/// `kinetype info` prints, and the scene's diagnostics when it does not load.
///
/// The script asks `/state.json` for the current version, shows its frames (`/frame/N.png`,
/// preloaded a few at a time so scrubbing is smooth once loaded), and, once a version is on
/// screen, waits on `/version?after=N` for the next one. `?frame=N` opens paused at frame N
/// (0-based). All text from the scene reaches the page through `textContent`, never as markup.
/// For tests it records what is shown on `<body>`: `data-state` (`ready`, `error` or `offline`),
/// `data-shown-version`, `data-history` (the versions shown, in order), and on the frame `<img>`
/// its version, frame and natural width.
enum PreviewPage {
    static func html(scenePath: String) -> String {
        """
        \(ReviewPageStyle.head(title: "\(scenePath) · kinetype preview", extraCSS: css))
        <body data-state="loading">
        <header class="top">
        <h1>kinetype preview <span id="status" class="chip">loading</span></h1>
        <p class="meta"><code>\(HTMLText.escape(scenePath))</code> · version <span id="version">–</span>
        <span id="size"></span></p>
        </header>
        <main>
        <p id="offline" class="callout warn" hidden>The preview server is not answering (stopped?); run kinetype \
        preview again, this page reconnects by itself.</p>
        <section id="problems" class="scene failed" hidden>
        <h2>The scene does not load</h2>
        <p class="muted">Fix it and save: the page updates by itself.</p>
        <pre id="problem-text"></pre>
        </section>
        <section id="player" class="scene" hidden>
        <div class="viewer"><div class="stage"><img id="frame" alt="current frame"></div></div>
        <div class="controls">
        <button id="play" type="button" title="play or pause (space)">Pause</button>
        <button id="prev" type="button" title="previous frame (←)">◀ frame</button>
        <button id="next" type="button" title="next frame (→)">frame ▶</button>
        <input id="scrub" type="range" min="0" max="0" value="0" aria-label="frame">
        <span id="clock" class="muted"></span>
        </div>
        <h2>Timeline</h2>
        <div id="timeline" class="timeline"></div>
        <details><summary>as kinetype info prints it</summary><pre id="info"></pre></details>
        <details><summary>watched files</summary><pre id="watched"></pre></details>
        </section>
        </main>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    private static let css = """
        .controls{display:flex;gap:8px;align-items:center;margin:10px 0 16px;flex-wrap:wrap}
        .controls #scrub{flex:1;min-width:200px}#clock{font-variant-numeric:tabular-nums;min-width:170px}
        #player .stage{display:block}#frame{display:block;max-width:100%;height:auto}
        .timeline{position:relative;display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;
        align-items:center;margin-bottom:12px}
        .timeline .label{font-size:13px;color:var(--muted);white-space:nowrap}
        .timeline .track{position:relative;height:24px;background:var(--code);border-radius:4px}
        .timeline .bar{position:absolute;top:3px;bottom:3px;min-width:3px;border-radius:3px;background:var(--accent);
        color:#fff;font-size:11px;line-height:18px;padding:0 4px;overflow:hidden;white-space:nowrap;cursor:pointer}
        .timeline .bar:nth-child(3n+2){background:#8a5cd1}.timeline .bar:nth-child(3n+3){background:#1f8a70}
        .timeline .cursor{position:absolute;top:0;bottom:0;width:2px;background:var(--bad);pointer-events:none}
        details{margin-top:8px}
        """

    private static let script = """
        (function(){
        'use strict';
        function $(id){return document.getElementById(id);}
        var params=new URLSearchParams(location.search);
        var state=null,version=0,frame=0,playing=!params.has('frame'),images=[],startTime=0,startFrame=0,watching=false;
        if(params.has('frame')){frame=Math.max(0,parseInt(params.get('frame'),10)||0);}
        $('play').textContent=playing?'Pause':'Play';var shownVersions=[];
        var errors=[];
        window.addEventListener('error',function(e){errors.push(String(e.message||e));
        document.body.dataset.errors=errors.join(' | ');});
        function url(i){return '/frame/'+i+'.png?v='+version;}
        function image(i){if(!images[i]){var im=new Image();im.src=url(i);images[i]=im;}return images[i];}
        function preload(){var next=0,inFlight=0,v=version;
        function pump(){while(inFlight<4&&state&&next<state.frameCount&&v===version){var im=image(next++);inFlight++;
        if(im.complete){inFlight--;continue;}
        im.addEventListener('load',function(){inFlight--;pump();},{once:true});
        im.addEventListener('error',function(){inFlight--;pump();},{once:true});}}
        pump();}
        function seconds(i){return i/state.fps;}
        function clock(){$('clock').textContent='frame '+(frame+1)+' / '+state.frameCount+' · '+seconds(frame).toFixed(3)
        +' s / '+state.duration.toFixed(3)+' s';}
        function cursor(){var c=$('timeline').querySelectorAll('.cursor');
        for(var k=0;k<c.length;k++){c[k].style.left=(state.duration>0?100*seconds(frame)/state.duration:0)+'%';}}
        function show(i){frame=Math.min(Math.max(i,0),state.frameCount-1);var img=$('frame');var target=url(frame);
        if(img.getAttribute('src')!==target){img.src=target;}$('scrub').value=String(frame);clock();cursor();}
        function pause(){playing=false;$('play').textContent='Play';}
        function play(){playing=true;startFrame=frame>=state.frameCount-1?0:frame;startTime=performance.now();
        $('play').textContent='Pause';}
        function tick(now){if(playing&&state&&state.ok){var i=(startFrame+Math.floor((now-startTime)/1000*state.fps))
        %state.frameCount;if(i!==frame&&image(i).complete){show(i);}}requestAnimationFrame(tick);}
        $('frame').addEventListener('load',function(){var img=$('frame');
        var shown=Number(new URL(img.src).searchParams.get('v'));img.dataset.naturalWidth=String(img.naturalWidth);
        img.dataset.version=String(shown);img.dataset.frame=String(frame);document.body.dataset.shownVersion=String(shown);
        if(shownVersions[shownVersions.length-1]!==shown){shownVersions.push(shown);document.body.dataset.history=shownVersions.join(',');}
        document.body.dataset.state='ready';if(!watching){watch();}});
        $('frame').addEventListener('error',function(){if(!watching){watch();}});
        $('play').addEventListener('click',function(){if(playing){pause();}else{play();}});
        $('prev').addEventListener('click',function(){pause();show(frame-1);});
        $('next').addEventListener('click',function(){pause();show(frame+1);});
        $('scrub').addEventListener('input',function(){pause();show(Number($('scrub').value));});
        document.addEventListener('keydown',function(e){if(!state||!state.ok||e.target.tagName==='INPUT'){return;}
        if(e.key===' '){e.preventDefault();if(playing){pause();}else{play();}}
        else if(e.key==='ArrowLeft'){pause();show(frame-1);}else if(e.key==='ArrowRight'){pause();show(frame+1);}});
        function timeline(){var box=$('timeline');box.textContent='';
        state.layers.forEach(function(layer){var label=document.createElement('div');label.className='label';
        label.textContent=layer.title;var track=document.createElement('div');track.className='track';
        layer.animations.forEach(function(a){var bar=document.createElement('div');bar.className='bar';
        var d=state.duration>0?state.duration:1;bar.style.left=(100*a.start/d)+'%';
        bar.style.width=(100*Math.max(0,a.end-a.start)/d)+'%';
        bar.textContent=a.kind+(a.property?' '+a.property:'');
        bar.title=bar.textContent+': '+a.start.toFixed(3)+' s → '+a.end.toFixed(3)+' s';
        bar.addEventListener('click',function(){pause();show(Math.round(a.start*state.fps));});track.appendChild(bar);});
        var c=document.createElement('div');c.className='cursor';track.appendChild(c);
        box.appendChild(label);box.appendChild(track);});}
        function apply(s){state=s;version=s.version;images=[];$('version').textContent=String(version);
        $('status').textContent=s.ok?'ok':'error';$('status').className='chip '+(s.ok?'ok':'error');
        $('watched').textContent=s.watched.join('\\n');
        $('problem-text').textContent=s.diagnostics.map(function(d){return d.text;}).join('');
        if(s.ok){$('problems').hidden=true;$('player').hidden=false;
        $('size').textContent='· '+s.pixelWidth+'×'+s.pixelHeight+' px, '+s.fps+' fps, '+s.frameCount+' frames';
        $('info').textContent=s.info;$('scrub').max=String(s.frameCount-1);timeline();
        if(playing){play();}show(Math.min(frame,s.frameCount-1));preload();}
        else{$('player').hidden=true;$('problems').hidden=false;$('size').textContent='';
        document.body.dataset.state='error';document.body.dataset.shownVersion=String(version);if(!watching){watch();}}}
        function load(){fetch('/state.json',{cache:'no-store'}).then(function(r){return r.json();}).then(function(s){
        $('offline').hidden=true;apply(s);}).catch(function(){offline();setTimeout(load,1000);});}
        function offline(){$('offline').hidden=false;document.body.dataset.state='offline';}
        function watch(){watching=true;fetch('/version?after='+version,{cache:'no-store'}).then(function(r){return r.json();})
        .then(function(j){$('offline').hidden=true;document.body.dataset.state=state&&state.ok?'ready':'error';
        if(j.version!==version){watching=false;load();}else{watch();}})
        .catch(function(){offline();setTimeout(watch,1000);});}
        requestAnimationFrame(tick);load();
        })();
        """
}
