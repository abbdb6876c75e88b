/**
 * How long the product keeps what, by default: the workers' retention jobs and the privacy policy
 * read the same numbers. An operator may set another guest-data period (GUEST_DATA_RETENTION_DAYS).
 */

/** Days after a stay's check-out when its guests' personal data is removed (anonymised). */
export const DEFAULT_GUEST_DATA_RETENTION_DAYS = 30;

/** Days after support was e-mailed a contact-form message when it is deleted. */
export const CONTACT_MESSAGE_RETENTION_DAYS = 90;
