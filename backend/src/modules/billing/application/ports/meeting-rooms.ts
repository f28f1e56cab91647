/** Video rooms made for one booking each (a session type meeting in a generated room). */
export abstract class MeetingRooms {
  /** The address of a new room nobody can guess or has been given before. */
  abstract newRoom(): string;
}
