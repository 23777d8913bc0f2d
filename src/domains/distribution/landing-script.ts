import { scriptJson } from '../../server/http/inline-script';

// The landing page's tracking script (inline, nonce'd, < 1 KB): the page token the server issued
// with this page load is the view (tracking/page-token.ts, docs/decisions/206);
// `open` as soon as it runs (a browser loaded the page: link scanners that only fetch the HTML
// never count), `view` on first play, `progress` each time playback passes a new 5 % mark (only
// the highest mark reached: the server keeps each view's maximum, which the retention curve
// reads), `cta` on a click. The big play button over the player plays it (a tap on a phone too) and hides while it plays. sendBeacon (text/plain, no preflight), fetch keepalive as a fallback.
export const trackingScript = (token: string, page: string) => `(function(){
var T=${scriptJson(token)},P=${scriptJson(page)},v=document.getElementById('v'),c=document.getElementById('cta');
function post(e,p){var b={token:T,page:P,event:e};if(p!==undefined)b.percent=p;b=JSON.stringify(b);
try{if(navigator.sendBeacon&&navigator.sendBeacon('/api/track',b))return;}catch(x){}
fetch('/api/track',{method:'POST',body:b,keepalive:true,headers:{'content-type':'application/json'}}).catch(function(){});}
post('open');
var seen=false,hi=0;function view(){if(!seen){seen=true;post('view');}}
function reach(m){if(m>hi){hi=m;view();post('progress',m);}}
if(v){v.addEventListener('play',view);
v.addEventListener('timeupdate',function(){if(!v.duration)return;var p=v.currentTime/v.duration*100;reach(p>=99.5?100:Math.floor(p/5)*5);});
v.addEventListener('ended',function(){reach(100);});}
if(c)c.addEventListener('click',function(){view();post('cta');});
var b=document.getElementById('play');if(b&&v){b.addEventListener('click',function(){var r=v.play();if(r&&r.catch)r.catch(function(){});});
v.addEventListener('play',function(){b.hidden=true;});v.addEventListener('pause',function(){if(!v.ended)b.hidden=false;});v.addEventListener('ended',function(){b.hidden=false;});}
})();`;

/**
 * The transcript under the player (pages.ts): a line's time plays the video from there; the line
 * being spoken is marked (aria-current) as the video plays.
 */
export const transcriptScript = `(function(){
var v=document.getElementById('v'),l=document.getElementById('transcript');if(!v||!l)return;
var items=l.querySelectorAll('li');
l.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button[data-t]');if(!b)return;v.currentTime=Number(b.getAttribute('data-t'));var r=v.play();if(r&&r.catch)r.catch(function(){});});
v.addEventListener('timeupdate',function(){var t=v.currentTime;for(var i=0;i<items.length;i++){var it=items[i],on=t>=Number(it.getAttribute('data-start'))&&t<Number(it.getAttribute('data-end'));if(on)it.setAttribute('aria-current','true');else it.removeAttribute('aria-current');}});
})();`;
