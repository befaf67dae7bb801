export type ContactMethodType = { id: string; name: string; category?: string | null };

/** Phone types: category phone, or a name mentioning phone, mobile or cell (000 §5, 001 §5). */
export function isPhoneType(type: ContactMethodType): boolean {
  return type.category === 'phone' || /phone|mobile|cell/i.test(type.name);
}

/** E-mail types: category email, or a name mentioning e-mail / email. */
export function isEmailType(type: ContactMethodType): boolean {
  return type.category === 'email' || /e-?mail/i.test(type.name);
}
