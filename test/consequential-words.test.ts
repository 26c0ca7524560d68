// The word lists the gate keeps as defence in depth (src/actions/consequential-words.ts): each
// language's common forms are known, and everyday controls are not taken for consequential ones.
import { expect } from '@open-wc/testing';
import { defaultDestructivePatterns } from '../src/actions/index.js';
import { wordsOf } from '../src/actions/consequential-words.js';

const consequential = (text: string) => defaultDestructivePatterns.some((pattern) => pattern.test(wordsOf(text)));

const KNOWN: Record<string, string[]> = {
  English: ['Delete', 'deleted', 'Deleting…', 'Remove item', 'Checkout', 'Check out', 'Place your order', 'Pay $12', 'Payments', 'Buy now', 'Subscribe', 'Unsubscribe', 'Cancel my subscription', 'Subscription cancellation', 'Send', 'Transfer funds', 'Publish', 'Close my account', 'Close your business account', 'Cancel your Premium subscription', 'Confirm your first order', '/api/orders/7/delete', 'deleteAll', 'remove_item'],
  German: ['Konto löschen', 'Löschen', 'Jetzt kaufen', 'Bezahlen', 'Abonnement kündigen', 'Zahlungspflichtig bestellen', 'Senden'],
  French: ['Supprimer', 'Payer', 'Passer la commande', "S'abonner", 'Annuler mon abonnement', 'Envoyer'],
  Spanish: ['Eliminar', 'Borrar', 'Pagar', 'Comprar', 'Finalizar compra', 'Darse de baja', 'Cancelar mi suscripción', 'Enviar'],
  Portuguese: ['Excluir', 'Apagar', 'Finalizar compra', 'Fazer pedido', 'Assinar', 'Cancelar assinatura'],
  Italian: ['Elimina', 'Cancella', 'Paga ora', 'Acquista', 'Conferma ordine', 'Annulla abbonamento', 'Invia'],
  Dutch: ['Verwijderen', 'Betalen', 'Afrekenen', 'Bestellen', 'Opzeggen', 'Versturen'],
  Polish: ['Usuń', 'Usunąć', 'Zapłać', 'Kup teraz', 'Zamów', 'Wyślij'],
  Czech: ['Smazat', 'Odstranit', 'Zaplatit', 'Objednat', 'Odeslat'],
  Swedish: ['Ta bort', 'Radera', 'Betala', 'Köp', 'Säg upp', 'Skicka'],
  Turkish: ['Sil', 'Kaldır', 'Ödeme yap', 'Satın al', 'Sipariş ver', 'Gönder'],
  Indonesian: ['Hapus', 'Bayar', 'Beli', 'Kirim'],
  Vietnamese: ['Xóa', 'Thanh toán', 'Đặt hàng', 'Gửi'],
  Russian: ['Удалить', 'Оплатить', 'Купить', 'Оформить заказ', 'Отменить подписку', 'Отправить'],
  Ukrainian: ['Видалити', 'Оплатити', 'Придбати', 'Надіслати'],
  Japanese: ['削除する', '購入', '注文を確定する', '送信'],
  Chinese: ['删除', '刪除', '立即支付', '提交订单', '取消订阅'],
  Korean: ['삭제', '결제하기', '구매', '주문하기'],
  Arabic: ['حذف', 'الدفع', 'شراء', 'إلغاء الاشتراك'],
  Persian: ['حذف', 'پرداخت', 'ثبت سفارش', 'تکمیل خرید'],
  Hindi: ['हटाएं', 'भुगतान करें', 'खरीदें'],
};
// Controls every page has, in the same languages: none of them asks.
const EVERYDAY = [
  'Save', 'Search', 'Next', 'Back', 'Cancel', 'Close', 'Orders', 'My orders', 'Order history', 'Settings', 'Sign in', 'Log out', 'Add to cart', 'Edit', 'Filter', 'Sort by price', 'Continue',
  'Speichern', 'Weiter', 'Abbrechen', 'Enregistrer', 'Suivant', 'Annuler', 'Guardar cambios', 'Cancelar', 'Salvar', 'Annulla', 'Ordina per prezzo', 'Annuleren', 'Anuluj', 'Zrušit', 'İptal',
  'Отмена', 'Скасувати', 'キャンセル', '保存', '取消', '취소', 'إلغاء', 'لغو', 'रद्द', 'Batal', 'Hủy',
];

describe('the word lists', () => {
  for (const [language, phrases] of Object.entries(KNOWN)) {
    it(`${language}: ${phrases.length} phrases and word forms`, () => {
      expect(phrases.filter((phrase) => !consequential(phrase)), 'not recognised').to.deep.equal([]);
    });
  }
  it('everyday controls in those languages are not consequential', () => {
    expect(EVERYDAY.filter(consequential)).to.deep.equal([]);
  });
});
