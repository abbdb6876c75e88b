/** wa.me takes the number's digits with the country code and without a leading 00. */
export function whatsAppLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, "").replace(/^00/, "")}`;
}
