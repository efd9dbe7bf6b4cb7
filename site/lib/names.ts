/** Pinyin and English glosses of the named classic layouts, for the gallery. */
export const GLOSSES: Record<string, { pinyin: string; en: string }> = {
  横刀立马: { pinyin: 'héng dāo lì mǎ', en: 'Sword across, horse reared' },
  指挥若定: { pinyin: 'zhǐ huī ruò dìng', en: 'Commanding with calm' },
  将拥曹营: { pinyin: 'jiàng yōng cáo yíng', en: "Generals crowd Cao's camp" },
  齐头并进: { pinyin: 'qí tóu bìng jìn', en: 'Advancing side by side' },
  兵分三路: { pinyin: 'bīng fēn sān lù', en: 'Troops in three columns' },
  雨声淅沥: { pinyin: 'yǔ shēng xī lì', en: 'Pattering rain' },
  左右布兵: { pinyin: 'zuǒ yòu bù bīng', en: 'Soldiers left and right' },
  桃花园中: { pinyin: 'táo huā yuán zhōng', en: 'In the peach garden' },
  一路进军: { pinyin: 'yí lù jìn jūn', en: 'Marching down one road' },
  一路顺风: { pinyin: 'yí lù shùn fēng', en: 'Fair wind all the way' },
  围而不歼: { pinyin: 'wéi ér bù jiān', en: 'Surrounded, not destroyed' },
  捷足先登: { pinyin: 'jié zú xiān dēng', en: 'The swift arrive first' },
  插翅难飞: { pinyin: 'chā chì nán fēi', en: 'No escape even with wings' },
  守口如瓶I: { pinyin: 'shǒu kǒu rú píng I', en: 'Tight-lipped I' },
  守口如瓶II: { pinyin: 'shǒu kǒu rú píng II', en: 'Tight-lipped II' },
  双将挡路: { pinyin: 'shuāng jiàng dǎng lù', en: 'Two generals block the road' },
  横马当关: { pinyin: 'héng mǎ dāng guān', en: 'A horse across the pass' },
  层层设防I: { pinyin: 'céng céng shè fáng I', en: 'Defence in depth I' },
  层层设防II: { pinyin: 'céng céng shè fáng II', en: 'Defence in depth II' },
  兵挡将阻: { pinyin: 'bīng dǎng jiàng zǔ', en: 'Soldiers block, generals bar' },
  堵塞要道: { pinyin: 'dǔ sè yào dào', en: 'Blocking the key road' },
  瓮中之鳖: { pinyin: 'wèng zhōng zhī biē', en: 'A turtle in a jar' },
  层峦叠嶂: { pinyin: 'céng luán dié zhàng', en: 'Ridge upon ridge' },
  水泄不通: { pinyin: 'shuǐ xiè bù tōng', en: 'Not a drop gets through' },
  四路进兵: { pinyin: 'sì lù jìn bīng', en: 'Advancing on four roads' },
  入地无门: { pinyin: 'rù dì wú mén', en: 'No door into the earth' },
  勇闯五关: { pinyin: 'yǒng chuǎng wǔ guān', en: 'Bravely through five passes' },
  四面楚歌: { pinyin: 'sì miàn chǔ gē', en: 'Surrounded on all sides' },
  前呼后拥: { pinyin: 'qián hū hòu yōng', en: 'Escorted front and back' },
  兵临曹营: { pinyin: 'bīng lín cáo yíng', en: "Troops at Cao's camp" },
  五将逼宫: { pinyin: 'wǔ jiàng bī gōng', en: 'Five generals at the palace' },
  前挡后阻: { pinyin: 'qián dǎng hòu zǔ', en: 'Blocked ahead and behind' },
  近在咫尺: { pinyin: 'jìn zài zhǐ chǐ', en: 'So close at hand' },
  走投无路: { pinyin: 'zǒu tóu wú lù', en: 'Nowhere to go' },
  比翼横空: { pinyin: 'bǐ yì héng kōng', en: 'Wing to wing across the sky' },
  夹道藏兵: { pinyin: 'jiā dào cáng bīng', en: 'Soldiers hidden by the road' },
  屯兵东路: { pinyin: 'tún bīng dōng lù', en: 'Troops stationed to the east' },
  四将连关: { pinyin: 'sì jiàng lián guān', en: 'Four generals hold the passes' },
  峰回路转: { pinyin: 'fēng huí lù zhuǎn', en: 'The path winds round the peaks' },
  井中之蛙: { pinyin: 'jǐng zhōng zhī wā', en: 'A frog in a well' },
  云遮雾障: { pinyin: 'yún zhē wù zhàng', en: 'Veiled in cloud and mist' },
  三军联防: { pinyin: 'sān jūn lián fáng', en: 'Three armies defend together' },
};

/** URL slug from pinyin: tone marks dropped, Roman numerals kept as digits. */
export function slugOf(name: string): string {
  const gloss = GLOSSES[name];
  if (!gloss) return encodeURIComponent(name);
  return gloss.pinyin
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ü/g, 'v')
    .replace(/\bII\b/, '2')
    .replace(/\bI\b/, '1')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}
