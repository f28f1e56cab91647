import { imageResizerContract } from './image-resizer.contract.js';
import { InMemoryImageResizer } from './in-memory-image-resizer.js';

imageResizerContract('in memory', () => new InMemoryImageResizer(), {
  // The fake decodes nothing: a test names the bytes it cannot read, as sharp cannot read a broken file.
  undecodable: (resizer, bytes) => (resizer as InMemoryImageResizer).undecodable.add(bytes.toString('base64')),
});
