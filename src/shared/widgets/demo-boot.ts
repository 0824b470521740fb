import { DEMO_MESSAGE } from './demo.js'

/*
 * Runs first in the frame: reports the document's height whenever it changes (the page sizes
 * the frame to it), takes the colour mode from the page, and keeps links from taking the frame
 * to another site (a sandboxed frame may not open windows or move the page, but may navigate
 * itself). A file of the site, not inline: the frame inherits the site's policy, which runs no
 * inline script it does not know.
 */
export const DEMO_BOOT =
  `(function(){var T=${JSON.stringify(DEMO_MESSAGE)},root=document.documentElement,last=-1;
function send(){var h=Math.ceil(root.getBoundingClientRect().height);if(h!==last){last=h;parent.postMessage({type:T,height:h},"*")}}
new ResizeObserver(send).observe(root);addEventListener("load",send);
addEventListener("message",function(e){var d=e.data;if(e.source!==parent||!d||d.type!==T||typeof d.dark!=="boolean")return;root.classList.toggle("dark",d.dark)});
document.addEventListener("click",function(e){var a=e.target&&e.target.closest&&e.target.closest("a[href]");if(a&&a.getAttribute("href").charAt(0)!=="#")e.preventDefault()})})()
`
