import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { fieldError } from '../../lib/app-error.ts';

export interface Mobile {
  /** "+63" */
  dialingCode: string;
  /** National significant number, digits only: "9171234567". */
  national: string;
  /** "+639171234567": the one spelling used to store and compare numbers. */
  e164: string;
}

/**
 * Parses a dialing code and a number the way people type them (a leading trunk 0, spaces) into one
 * canonical form; throws a `mobileNum` field error when the number is not a valid one for that country.
 */
export function normalizeMobile(countryDialingCode: string, mobileNum: string, field = 'mobileNum'): Mobile {
  const code = countryDialingCode.replace(/^\+?/, '+');
  const parsed = parsePhoneNumberFromString(`${code}${mobileNum.replace(/\D/g, '')}`);
  if (!parsed || !parsed.isValid() || `+${parsed.countryCallingCode}` !== code) {
    // Numbers typed with the trunk prefix (0917…) parse once the prefix is dropped.
    const trimmed = mobileNum.replace(/\D/g, '').replace(/^0+/, '');
    const retry = parsePhoneNumberFromString(`${code}${trimmed}`);
    if (!retry || !retry.isValid() || `+${retry.countryCallingCode}` !== code)
      throw fieldError(field, 'mobileInvalid');
    return { dialingCode: code, national: String(retry.nationalNumber), e164: String(retry.number) };
  }
  return { dialingCode: code, national: String(parsed.nationalNumber), e164: String(parsed.number) };
}
