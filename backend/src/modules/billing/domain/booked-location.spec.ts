import { SessionBookingMessages } from '@linkbio/shared-contracts';
import { JitsiMeetingRooms } from '../infrastructure/jitsi-meeting-rooms.js';
import { bookedLocationOf } from './booked-location.js';

const ROOM = 'https://meet.example/Linkbio-room';
const noRoom = () => {
  throw new Error('no room is made for this type');
};

describe('bookedLocationOf', () => {
  it('gives the creator’s own room, the type’s address, or nothing when the type sets no place', () => {
    expect(bookedLocationOf({ kind: 'video', url: 'https://zoom.us/j/123' }, null, noRoom)).toEqual({ location: { kind: 'video', url: 'https://zoom.us/j/123' } });
    expect(bookedLocationOf({ kind: 'in_person', address: '1 Main St' }, '+1 555 123 4567', noRoom)).toEqual({
      location: { kind: 'in_person', address: '1 Main St' },
    });
    expect(bookedLocationOf(null, null, noRoom)).toEqual({ location: null });
  });

  it('makes a room for a generated video call', () => {
    expect(bookedLocationOf({ kind: 'video_generated' }, null, () => ROOM)).toEqual({ location: { kind: 'video', url: ROOM } });
  });

  it('keeps the visitor’s number for a phone call, which needs one that is a phone number', () => {
    expect(bookedLocationOf({ kind: 'phone' }, ' +1 (555) 123-4567 ', noRoom)).toEqual({ location: { kind: 'phone', phone: '+1 (555) 123-4567' } });
    expect(bookedLocationOf({ kind: 'phone' }, null, noRoom)).toEqual({ refused: SessionBookingMessages.phoneRequired });
    expect(bookedLocationOf({ kind: 'phone' }, '   ', noRoom)).toEqual({ refused: SessionBookingMessages.phoneRequired });
    expect(bookedLocationOf({ kind: 'phone' }, '12345', noRoom)).toEqual({ refused: SessionBookingMessages.phoneInvalid });
    expect(bookedLocationOf({ kind: 'phone' }, 'call me maybe', noRoom)).toEqual({ refused: SessionBookingMessages.phoneInvalid });
  });
});

describe('JitsiMeetingRooms', () => {
  it('makes a new unguessable, URL-safe room on the server each time', () => {
    const rooms = new JitsiMeetingRooms('https://meet.jit.si/');
    const made = Array.from({ length: 50 }, () => rooms.newRoom());
    expect(new Set(made).size).toBe(50);
    for (const room of made) {
      // 16 random bytes: 22 base64url characters, 128 bits.
      expect(room).toMatch(/^https:\/\/meet\.jit\.si\/Linkbio-[A-Za-z0-9_-]{22}$/);
    }
  });
});
