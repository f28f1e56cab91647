import { isPhoneNumber, SessionBookingMessages, type BookedLocation, type SessionLocation } from '@linkbio/shared-contracts';

/**
 * Where one booked session takes place, from where its type meets: the creator's own room (video), a fresh room
 * made for this booking alone (video_generated: `newRoom`), the visitor's number, which a phone call needs and
 * which must be a phone number (phone), or the type's address (in_person); a type without a place gives none
 * (the creator tells the visitor). Else the reason the booking is refused.
 */
export function bookedLocationOf(
  location: SessionLocation | null,
  customerPhone: string | null,
  newRoom: () => string,
): { location: BookedLocation | null } | { refused: string } {
  if (location === null) return { location: null };
  switch (location.kind) {
    case 'video':
      return { location: { kind: 'video', url: location.url } };
    case 'video_generated':
      return { location: { kind: 'video', url: newRoom() } };
    case 'phone': {
      const phone = customerPhone?.trim() ?? '';
      if (phone === '') return { refused: SessionBookingMessages.phoneRequired };
      if (!isPhoneNumber(phone)) return { refused: SessionBookingMessages.phoneInvalid };
      return { location: { kind: 'phone', phone } };
    }
    case 'in_person':
      return { location: { kind: 'in_person', address: location.address } };
  }
}
