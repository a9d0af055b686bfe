// stockade-expect: annotated
import { Module } from "@nestjs/common";
import { JwtModule } from "@nestjs/jwt";
import { TypeOrmModule } from "@nestjs/typeorm";
import { NotesModule } from "./notes/notes.module";

@Module({
  imports: [
    TypeOrmModule.forRoot({
      type: "postgres",
      url: process.env.DATABASE_URL,
      // ok: javascript.tls-reject-unauthorized-disabled
      ssl: { rejectUnauthorized: true },
      autoLoadEntities: true,
    }),
    JwtModule.register({
      // ruleid: javascript.jwt-config-hardcoded-secret
      secret: "notes-dev-secret-123",
      signOptions: { expiresIn: "15m" },
    }),
    NotesModule,
  ],
})
export class AppModule {}
