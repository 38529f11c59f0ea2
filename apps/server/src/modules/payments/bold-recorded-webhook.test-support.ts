/**
 * A recorded webhook: the "Tarjeta web (Link de pago)" example body of Bold's webhook
 * documentation, byte for byte as delivered (compact JSON), with signatures computed apart from
 * this code (OpenSSL: `base64 -w0 body | openssl dgst -sha256 -hmac KEY -hex`) following the
 * documented scheme: HMAC-SHA256 of the Base64 of the raw body with the secret key, in hex.
 */
export const RECORDED_BODY =
  '{"id":"a9c1d0f5-3b7e-4d2a-9f6c-8e4b5d2f0a1b","type":"SALE_APPROVED","subject":"CNPCGSPS2WBA8","source":"/payments/links","spec_version":"1.0","time":1761063334000000000,"data":{"payment_id":"CNPCGSPS2WBA8","merchant_id":"MCNTR2025ABC","created_at":"2025-10-21T12:30:10-05:00","amount":{"currency":"COP","total":59900,"taxes":[{"base":49916,"type":"VAT","value":9484}],"tip":500},"user_id":"usr_web_20251021","metadata":{"reference":"WEB-ORD-009876"},"bold_code":"B000","payer_email":"comprador.web@dominio.com","payment_method":"CARD_WEB","card":{"brand":"VISA","cardholder_name":"CARLOS ALDANA","masked_pan":"411111****5432","installments":1,"card_type":"CREDIT"},"approval_number":"123456","integration":"LINK"},"datacontenttype":"application/json"}';
export const RECORDED_KEY = 'KVwpsp4WlWny3apOYoGWvg';
export const RECORDED_SIGNATURE = '61b812c849fa3b8c8a04f6ba0b51ac642a826c3dc315f2c7072a12b159c1ec1a';
