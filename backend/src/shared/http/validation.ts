import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';

function messagesOf(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => {
    const constraints = error.constraints ?? {};
    const own = Object.entries(constraints).map(([name, message]) =>
      name === 'whitelistValidation' ? Messages.unexpectedField(error.property) : message,
    );
    return [...own, ...messagesOf(error.children ?? [])];
  });
}

/** The one validation pipe: the spec's messages, unknown fields refused, the first message in `message`. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const messages = messagesOf(errors);
      return new BadRequestException({ statusCode: 400, message: messages[0] ?? 'Invalid request', errors: messages });
    },
  });
}
