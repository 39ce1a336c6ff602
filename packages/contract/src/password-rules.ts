/**
 * Form rules of the password screens (spec §5), free of the schema library so the player site can
 * check its forms with the same expressions the server uses.
 */

/** Login usernames: letters, digits and underscores (the `loginUsername` rule). */
export const LOGIN_USERNAME = /^[A-Za-z0-9_]{2,64}$/;

/**
 * The spec's e-mail rule: word characters with optional dotted parts, @, a domain ending in one to
 * three suffix groups of two or three letters. Separators are mandatory inside the repetitions so
 * the expression cannot backtrack catastrophically.
 */
export const FORGOT_EMAIL = /^\w+([.+-]\w+)*@\w+([.-]\w+)*(\.[A-Za-z]{2,3}){1,3}$/;

/** Generic e-mail length limit (spec §5). */
export const EMAIL_MAX = 254;

/** Reset tokens are 256-bit base64url strings. */
export const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The spec's error code for "new password equals the old one" maps to this machine code. */
export const PASSWORD_UNCHANGED = 'PASSWORD_UNCHANGED';
