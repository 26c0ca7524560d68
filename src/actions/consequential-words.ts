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
  'delet(?:e|es|ed|ing|ion)|remov(?:e|es|ed|ing|al)|destroy(?:s|ed|ing)?|eras(?:e|es|ed|ing|ure)|wip(?:e|es|ed|ing)|purg(?:e|es|ed|ing)|discard(?:s|ed|ing)?|trash(?:es|ed|ing)?',
  'pay(?:s|ing|ment|ments)?|paid|purchas(?:e|es|ed|ing)|buy(?:s|ing)?|checkout|check(?:ing)? out|(?:place|placing|confirm|complete|submit) (?:\\w+ )?order|order now|book now|donat(?:e|es|ed|ing|ion)|(?:un)?subscrib(?:e|es|ed|ing)|charg(?:e|es|ed)',
  'transfer(?:s|red|ring)?|send(?:s|ing)?|withdraw(?:s|n|al|ing)?|refund(?:s|ed|ing)?|publish(?:es|ed|ing)?|deactivat(?:e|es|ed|ing|ion)|terminat(?:e|es|ed|ing|ion)|revok(?:e|es|ed|ing)',
  'close (?:\\w+ )?account|cancel(?:s|led|ed|ling|ing|lation)? (?:\\w+ )?(?:subscription|order|plan|account|membership|booking|reservation|payment)s?|(?:subscription|order|plan|account|membership|booking|reservation|payment)s? (?:\\w+ )?cancel(?:lation)?',
  // German
  'lösch(?:e|en|t|ung)?|entfern(?:e|en|t|ung)?|vernicht*|(?:jetzt )?kauf(?:e|en)|bezahl(?:e|en|t|ung)?|zahlungspflichtig bestellen|(?:jetzt )?bestellen|überweis(?:e|en|ung)|erstatt(?:e|en|ung)|kündig(?:e|en|ung)|abbestell(?:e|en)|abonnier(?:e|en)|deaktivier(?:e|en|ung)|stornier(?:e|en|ung)|(?:ab)?senden|veröffentlich(?:e|en|ung)|konto schließen',
  // French
  'supprim(?:er|e|ez|é|ée|és|ant)|effac(?:er|e|ez|é)|retir(?:er|ez)|détrui(?:re|s|t)|vider|pay(?:er|ez|é|ement)|achet(?:er|ez)|commander|passer (?:la )?commande|valider (?:la |ma )?commande|s.abonner|(?:se )?désabonner|désinscri(?:re|vez)|virement|rembours(?:er|ez|ement)|résili(?:er|ez|ation)|désactiv(?:er|ez|ation)|envoy(?:er|ez)|publi(?:er|ez)|réserver|fermer (?:mon |le )?compte|annuler (?:mon |ma |la |le |l.)?(?:abonnement|commande|compte|réservation)',
  // Spanish
  'elimin(?:ar|a|ado|ada|e)|borr(?:ar|a|ado|ada|e)|suprimir|quitar|vaciar|pag(?:ar|a|o|ue|ado)|compr(?:ar|a|e)|finalizar compra|(?:realizar|hacer|confirmar) (?:el )?pedido|suscrib(?:ir|irse|irme|e)|dar(?:se|me)? de baja|transferi(?:r|ncia)|reembols(?:ar|o)|desactiv(?:ar|a)|envi(?:ar|a)|public(?:ar|a)|reservar|cerrar (?:mi |la )?cuenta|cancelar (?:mi |la |el )?(?:suscripción|pedido|cuenta|plan|reserva)',
  // Portuguese
  'exclu(?:ir|a|ído|ída)|apag(?:ar|ue|ado)|remov(?:er|a|ido)|esvaziar|pag(?:ue|amento)|compr(?:ar|e)|finalizar (?:a )?compra|fazer (?:o )?pedido|assin(?:ar|e|atura)|transferir|desativ(?:ar|e)|envi(?:ar|e)|encerrar (?:a |minha )?conta|cancelar (?:a |o |minha |meu )?(?:assinatura|conta|plano)',
  // Italian ("cancella" deletes; "annulla" alone is the Cancel button)
  'elimin(?:a|are|ato|ata)|cancell(?:a|are|ato|ata)|rimuov(?:i|ere)|rimoss[oa]|svuota(?:re)?|pag(?:are|ato|amento)|acquist(?:a|are)|compra(?:re)?|(?:invia|conferma) (?:l.)?ordine|procedi all.acquisto|abbona(?:ti|rsi)|(?:dis)?iscriviti|annulla (?:l.|il |la )?(?:abbonamento|ordine|iscrizione|prenotazione)|bonifico|rimbors(?:a|are|o)|disattiva(?:re)?|invia(?:re)?|pubblica(?:re)?|chiudi (?:il )?account|prenota(?:re)?',
  // Dutch
  'verwijder(?:en|d)?|leegmaken|betal(?:en|ing)|betaal|kopen|koop|afrekenen|(?:nu )?bestellen|bestel|abonneren|uitschrijven|opzeggen|annuleer (?:\\p{L}+ )?(?:abonnement|bestelling)|overmaken|overboeken|terugbetal(?:en|ing)|deactiveren|verzenden|versturen|verstuur|publiceren|account sluiten|reserveren',
  // Polish
  'usu[nńw]*|skasuj|zapła*|płać|kup(?:uj|ić|ię)?|zamów*|zamawiam|subskryb*|zasubskrybuj|anuluj (?:subskrypcję|zamówienie|konto)|przelew*|przelej|wyślij|wysła*|dezaktyw*|opublikuj|zamknij konto|zarezerwuj',
  // Czech
  'smaz*|odstran*|vymaz*|zapla*|koup*|objedn(?:at|ejte)|předplat*|zrušit (?:předplatné|objednávku|účet)|převést|odeslat|odešlete|poslat|deaktiv*|publikovat|zavřít účet|rezervovat',
  // Swedish
  'ta bort|radera*|töm|tömma|betala*|köp|köpa|beställ|beställa|slutför köp|prenumerera|avsluta (?:\\p{L}+ )?(?:prenumeration|konto|abonnemang)|säg upp|överför*|återbetal*|inaktivera|avaktivera|skicka|publicera|boka',
  // Turkish
  'sil(?:in|me|mek|iniz)?|kaldır*|öde(?:me*|yin|n)?|satın al*|sipariş ver*|siparişi (?:onayla|tamamla)|abone ol*|iptal et*|gönder*|havale|iade et|devre dışı bırak|yayınla*|hesab* kapat|rezervasyon yap',
  // Indonesian
  'hapus|buang|kosongkan|bayar|beli|pesan sekarang|berlangganan|batalkan (?:pesanan|langganan|akun)|kirim|kembalikan dana|nonaktifkan|terbitkan|tutup akun',
  // Vietnamese
  'xóa|xoá|gỡ bỏ|thanh toán|mua|đặt hàng|đặt mua|đăng ký|hủy (?:đăng ký|đơn|tài khoản|gói)|chuyển (?:tiền|khoản)|gửi|hoàn tiền|vô hiệu hóa|đăng bài|xuất bản|đóng tài khoản',
  // Russian
  'удал*|стереть|оплат*|оплач*|заплат*|купи*|оформить заказ|заказать|подписат*|подпишит*|отписат*|отменить (?:подписку|заказ|бронь)|перевести деньги|перевод средств|отправ*|возврат*|деактивир*|опубликова*|закрыть (?:счёт|счет|аккаунт)|забронировать',
  // Ukrainian
  'видал*|вилуч*|оплат*|сплат*|купи*|придба*|оформити замовлення|замовити|підписат*|відписат*|скасувати (?:підписку|замовлення)|переказ*|надісл*|відправ*|деактив*|опублікува*|закрити (?:рахунок|акаунт)|забронювати',
];
// Scripts written without spaces between words, or whose words take attached prefixes (Arabic
// "ال", Hebrew-style clitics): the stems are matched wherever they stand.
const UNSPACED = [
  // Japanese
  '削除|消去|購入|買う|支払|決済|注文(?:する|を確定|確定)|解約|退会|送金|振込|返金|無効化|購読|送信|公開する|投稿する|予約する|申し込',
  // Chinese, simplified and traditional
  '删除|刪除|移除|清空|支付|付款|购买|購買|结账|結帳|结算|結算|下单|下單|提交订单|提交訂單|转账|轉帳|汇款|匯款|退款|注销|註銷|订阅|訂閱|退订|退訂|发送|發送|发布|發佈|發布|停用|预订|預訂',
  // Korean
  '삭제|제거|결제|구매|구입|주문하기|주문 ?확정|송금|이체|환불|해지|탈퇴|비활성화|구독|보내기|전송|게시하기|발행|예약하기',
  // Arabic
  'حذف|إزالة|ازالة|دفع|ادفع|شراء|اشتر|اطلب الآن|تأكيد الطلب|إتمام الطلب|اشتراك|اشترك|إلغاء ال(?:اشتراك|طلب|حساب)|تحويل|إرسال|ارسال|أرسل|استرداد|تعطيل|نشر|إغلاق الحساب|احجز',
  // Persian
  'حذف|پاک ?کردن|پرداخت|تکمیل ?خرید|خرید کنید|ثبت ?سفارش|اشتراک|لغو ?(?:اشتراک|سفارش)|انتقال ?وجه|ارسال|بازپرداخت|غیرفعال|انتشار|بستن ?حساب|رزرو',
  // Hindi
  'हटाएं|हटाएँ|हटाना|मिटाएं|डिलीट|भुगतान|खरीद|ऑर्डर (?:करें|दें)|सदस्यता|रद्द करें|भेजें|रिफंड|निष्क्रिय|प्रकाशित|खाता बंद|बुक करें',
];

const spacing = (words: string) => words.replace(/\*/g, '\\p{L}*').replace(/ /g, '\\s+');

export const defaultDestructivePatterns: RegExp[] = [
  new RegExp(`(?<![\\p{L}\\p{M}])(?:${spacing(SPACED.join('|'))})(?![\\p{L}\\p{M}])`, 'iu'),
  new RegExp(spacing(UNSPACED.join('|')), 'u'),
];

/**
 * Text ready for the word lists: one form of each character (NFC), no invisible characters that
 * split a word ("Del\u00ADete"), words of identifiers and paths apart ("deleteAll", "/orders/1/remove").
 */
export function wordsOf(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u00ad\u200b-\u200f\u2060\ufeff]/g, '')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/[_\-./?=&#%+:~,;()[\]{}|"'“”«»]+/g, ' ');
}
