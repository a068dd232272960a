import { createHash } from 'node:crypto';
import { type DayPrompts, TODAY_FRAME_IDS } from '#shared/today-frame.ts';

// The inline parts of /answer/today's page (shared/today-frame.ts): the days' prompts as JSON
// and the script that writes the device's day's title into the frame. The script never changes,
// so the Content-Security-Policy allows it by its hash; the data is not a script at all.

const { data, title } = TODAY_FRAME_IDS;

/** Fills the frame's heading with the prompt of the device's own calendar day (dayKey's form). */
export const TODAY_PICKER =
  `(function(){try{var d=new Date(),p=function(n){return(n<10?'0':'')+n},` +
  `k=d.getFullYear()+'-'+p(d.getMonth()+1)+'-'+p(d.getDate()),` +
  `t=JSON.parse(document.getElementById('${data}').textContent)[k];` +
  `if(t)document.getElementById('${title}').textContent=t.title}catch(e){}})()`;

export const TODAY_PICKER_HASH = `'sha256-${createHash('sha256').update(TODAY_PICKER).digest('base64')}'`;

/** Where the page's data goes; the rest of the page is built once (entry-pages.ts). */
export const TODAY_DATA_SLOT = '<!--muse-today-prompts-->';

/** The days' prompts as an inert JSON block: no `<` survives, so no title can end the element. */
export function todayDataBlock(prompts: DayPrompts): string {
  const json = JSON.stringify(prompts).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${data}">${json}</script>`;
}
