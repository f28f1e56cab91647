import { fileURLToPath } from 'node:url';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/** Every environment variable the backend reads. `.env.example` documents each one. */
export class Env {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsOptional()
  @IsString()
  HOST?: string;

  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// connection string' })
  DATABASE_URL!: string;

  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsString()
  REDIS_KEY_PREFIX = 'linkbio:';

  @IsString()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET!: string;

  /** Comma-separated origins allowed to send state-changing requests besides the request's own host. */
  @IsOptional()
  @IsString()
  ALLOWED_ORIGINS?: string;

  /** Express "trust proxy": false, true, a hop count or a list of addresses. */
  @IsString()
  TRUST_PROXY = 'false';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  DATABASE_POOL_MAX = 10;

  /** Where the dashboard app's build is; served on the API's origin. */
  @IsString()
  DASHBOARD_DIST_DIR = fileURLToPath(new URL('../../../dashboard-app/dist', import.meta.url));

  /** Where the public app's build is (server entry and client files): the bio and booking pages. */
  @IsString()
  PUBLIC_APP_DIST_DIR = fileURLToPath(new URL('../../../public-app/dist', import.meta.url));

  /** The product's public address, for canonical and OpenGraph URLs; unset: each request's own origin. */
  @IsOptional()
  @Matches(/^https?:\/\/[^/?#\s]+\/?$/, {
    message: 'PUBLIC_URL must be an http(s) origin such as https://linkbio.example, without a path',
  })
  PUBLIC_URL?: string;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const env = plainToInstance(Env, source, { exposeDefaultValues: true, excludeExtraneousValues: false });
  const errors = validateSync(env, { whitelist: false });
  if (errors.length > 0) {
    const lines = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `  - ${e.property}: ${m}`));
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return env;
}

export function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
