/** What the Fiuu adapter runs with (its descriptor builds them: fiuu-descriptor.ts). */
export interface FiuuSettings {
  sandbox: boolean;
  merchantId: string;
  verifyKey: string;
  secretKey: string;
  /**
   * Payment host base: the browser posts the hosted form to `${paymentUrl}/RMS/pay/${merchantId}/`, and the IPN
   * acknowledgement goes to `${paymentUrl}/RMS/API/chkstat/returnipn.php`.
   */
  paymentUrl: string;
  /** API host base: status requery (`/RMS/query/q_by_oid.php`) and refunds (`/RMS/API/refundAPI/…`). */
  apiUrl: string;
  /** The vcode carries the currency (FIUU_EXTENDED_VCODE, mirroring the merchant-portal switch). */
  extendedVcode: boolean;
  /** FIUU_CHANNELS: the channel codes offered on our page; undefined = every channel the adapter knows. */
  channels?: readonly string[] | undefined;
  /** Our site (PUBLIC_URL): Fiuu sends the buyer back to `${publicUrl}/api/v1/payment/fiuu/return`. */
  publicUrl: string;
}
