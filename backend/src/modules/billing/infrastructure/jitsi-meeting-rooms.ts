import { randomBytes } from 'node:crypto';
import { MeetingRooms } from '../application/ports/meeting-rooms.js';

/** Random bytes in a room's name: 128 bits, so a room cannot be guessed or found by trying names. */
const ROOM_BYTES = 16;

/**
 * MeetingRooms on a Jitsi Meet server (MEETING_ROOM_BASE_URL, meet.jit.si by default): a room exists once someone
 * opens its address, so a new room is a new unguessable name, URL-safe (base64url).
 */
export class JitsiMeetingRooms extends MeetingRooms {
  private readonly base: string;

  constructor(baseUrl: string) {
    super();
    this.base = baseUrl.replace(/\/+$/, '');
  }

  newRoom(): string {
    return `${this.base}/Linkbio-${randomBytes(ROOM_BYTES).toString('base64url')}`;
  }
}
