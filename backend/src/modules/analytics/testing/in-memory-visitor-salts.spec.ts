import { InMemoryVisitorSalts } from './in-memory-visitor-salts.js';
import { visitorSaltsContract } from './visitor-salts.contract.js';

visitorSaltsContract('InMemoryVisitorSalts', () => new InMemoryVisitorSalts(), [
  '2024-05-01',
  '2024-05-02',
  '2024-05-03',
]);
