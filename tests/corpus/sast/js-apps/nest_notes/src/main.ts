// stockade-expect: annotated
import { NestFactory } from "@nestjs/core";
import { ValidationPipe } from "@nestjs/common";
import helmet from "helmet";
import { AppModule } from "./app.module";

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create(AppModule);
  app.useGlobalPipes(new ValidationPipe({ whitelist: true }));
  // ok: javascript.helmet-protection-disabled
  app.use(helmet({ frameguard: { action: "deny" } }));
  // ruleid: javascript.cors-wildcard-origin
  app.enableCors();
  // ruleid: javascript.bind-all-interfaces
  await app.listen(3000, "0.0.0.0");
}
void bootstrap();
