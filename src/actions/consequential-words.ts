import { normalizeText, replaceText } from '../dom/platform.js';
/**
 * Words that name a consequential effect (deleting, paying, ordering, subscribing or cancelling,
 * sending money or messages, publishing, closing an account), in the 20 languages most used on the
 * web plus Hindi. They are defence in depth: the gate judges the effect itself first (where a
 * submission goes and how, where a link leads, whether a control has a name at all); these catch
 * what only the words give away. They ship to every visitor, so each language keeps to its common
 * forms. `*` stands for any ending (inflected languages); a bare `*` is never used.
 */
const SPACED = [
  // English
  'delet(?:e[ds]?|ing|ion)|remov(?:e[ds]?|ing|al)|destroy*|eras(?:e[ds]?|ing|ure)|wip(?:e[ds]?|ing)|purg(?:e[ds]?|ing)|discard*|trash*',
  'pay(?:s|ing|ments?)?|paid|purchas(?:e[ds]?|ing)|buy(?:s|ing)?|check(?:ing)? ?out|(?:place|placing|confirm|complete|submit) (?:\\w+ ){0,2}order|(?:order|book) now|donat*|(?:un)?subscrib*|charg(?:e[ds]?)',
  'transfer*|send(?:s|ing)?|withdraw*|refund*|publish*|deactivat*|terminat*|revok*|close (?:\\w+ ){0,2}account',
  'cancel* (?:\\w+ ){0,2}(?:subscription|order|plan|account|membership|booking|reservation|payment)s?|(?:subscription|order|plan|account|membership|booking|payment)s? (?:\\w+ )?cancel*',
  // German
  'lösch*|entfern*|kauf(?:e|en)|bezahl*|bestellen|überweis*|kündig*|abbestell*|abonnier*|stornier*|(?:ab)?senden',
  // French
  'supprim*|effac*|retir(?:er|ez)|pay(?:er|ez)|achet(?:er|ez)|command(?:er|ez)|passer (?:la )?commande|s.abonner|désabonn*|désinscri*|virement|résili*|envoy(?:er|ez)|annuler (?:mon |ma |la |le |l.)?(?:abonnement|commande|compte)',
  // Spanish
  'elimin*|borr(?:ar|a|e)|suprimir|quitar|pag(?:ar|a|ue)|compr(?:ar|a|e)|finalizar compra|(?:realizar|hacer|confirmar) (?:el )?pedido|suscrib*|dar(?:se|me)? de baja|transferi*|envi(?:ar|a)|cancelar (?:mi |la |el )?(?:suscripción|pedido|cuenta)',
  // Portuguese
  'exclu(?:ir|a)|apag(?:ar|ue)|remov(?:er|a)|pag(?:ue|amento)|compr(?:ar|e)|finalizar (?:a )?compra|fazer (?:o )?pedido|assin(?:ar|e|atura)|transferir|envi(?:ar|e)|cancelar (?:a |o |minha |meu )?(?:assinatura|conta)',
  // Italian ("cancella" deletes; "annulla" alone is the Cancel button)
  'elimin*|cancell(?:a|are)|rimuov*|pag(?:a|are|amento)|acquist(?:a|are)|compra|(?:invia|conferma) (?:l.)?ordine|abbona*|(?:dis)?iscriviti|annulla (?:l.|il )?(?:abbonamento|ordine)|bonifico|invia(?:re)?',
  // Dutch
  'verwijder*|betal(?:en|ing)|betaal|kopen|koop|afrekenen|bestel(?:len)?|abonneren|uitschrijven|opzeggen|overmaken|verzenden|versturen|verstuur',
  // Polish
  'usu[nńw]*|skasuj|zapła*|płać|kup(?:uj|ić)?|zamów*|subskryb*|anuluj (?:subskrypcję|zamówienie)|przelew*|wyślij|wysła*',
  // Czech
  'smaz*|odstran*|zapla*|koup*|objedn(?:at|ejte)|předplat*|zrušit (?:předplatné|objednávku)|převést|odeslat|poslat',
  // Swedish
  'ta bort|radera*|betala*|köpa?|beställa?|prenumerera|avsluta (?:\\p{L}+ )?(?:prenumeration|abonnemang)|säg upp|överför*|skicka',
  // Turkish
  'sil(?:in|me|mek)?|kaldır*|öde(?:me*|yin)?|satın al*|sipariş ver*|abone ol*|iptal et*|gönder*|havale',
  // Indonesian
  'hapus|bayar|beli|pesan sekarang|berlangganan|batalkan (?:pesanan|langganan)|kirim',
  // Vietnamese
  'xóa|xoá|gỡ bỏ|thanh toán|mua|đặt hàng|đăng ký|hủy (?:đăng ký|đơn)|chuyển tiền|gửi',
  // Russian
  'удал*|оплат*|оплач*|купи*|оформить заказ|заказать|подпис(?:ат|ыв)*|отпис*|отменить (?:подписку|заказ)|перевести деньги|отправ*',
  // Ukrainian
  'видал*|оплат*|сплат*|купи*|придба*|замовити|оформити замовлення|підпис(?:ат|ув)*|відпис*|скасувати (?:підписку|замовлення)|переказ*|надісл*|відправ*',
];
// Scripts written without spaces between words, or whose words take attached prefixes (Arabic
// "ال"): the stems are matched wherever they stand.
const UNSPACED = [
  // Japanese
  '削除|消去|購入|支払|決済|注文(?:する|を確定|確定)|解約|退会|送金|振込|送信|購読',
  // Chinese, simplified and traditional
  '删除|刪除|移除|清空|支付|付款|购买|購買|结账|結帳|下单|下單|提交订单|提交訂單|转账|轉帳|汇款|匯款|注销|註銷|订阅|訂閱|退订|退訂|发送|發送',
  // Korean
  '삭제|제거|결제|구매|구입|주문하기|송금|이체|해지|탈퇴|구독|보내기|전송',
  // Arabic
  'حذف|إزالة|ازالة|دفع|ادفع|شراء|اشتر|تأكيد الطلب|إتمام الطلب|اشتراك|اشترك|إلغاء ال(?:اشتراك|طلب)|تحويل|إرسال|ارسال|أرسل',
  // Persian
  'حذف|پرداخت|تکمیل ?خرید|ثبت ?سفارش|اشتراک|لغو ?(?:اشتراک|سفارش)|انتقال ?وجه|ارسال',
  // Hindi
  'हटाएं|हटाएँ|हटाना|मिटाएं|डिलीट|भुगतान|खरीद|ऑर्डर (?:करें|दें)|सदस्यता|रद्द करें|भेजें',
];

// In the lists `*` is any ending, a space any run of spaces, and ` ?` an optional one.
const spacing = (words: string) => words.replace(/\*/g, '\\p{L}*').replace(/ \?/g, '\\s*').replace(/ /g, '\\s+');

export const defaultDestructivePatterns: RegExp[] = [
  new RegExp(`(?<![\\p{L}\\p{M}])(?:${spacing(SPACED.join('|'))})(?![\\p{L}\\p{M}])`, 'iu'),
  new RegExp(spacing(UNSPACED.join('|')), 'u'),
];

/**
 * Text ready for the word lists: one form of each character (NFC), no invisible characters that
 * split a word ("Del\u00ADete"), words of identifiers and paths apart ("deleteAll", "/orders/1/remove").
 */
export function wordsOf(text: string): string {
  const joined = replaceText(normalizeText(text, 'NFC'), /[\u00ad\u200b-\u200f\u2060\ufeff]/g, '');
  return replaceText(replaceText(joined, /(\p{Ll})(\p{Lu})/gu, '$1 $2'), /[_\-./?=&#%+:~,;()[\]{}|"'“”«»]+/g, ' ');
}
