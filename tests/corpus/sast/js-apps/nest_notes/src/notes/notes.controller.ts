// stockade-expect: annotated
import { Body, Controller, Get, Param, ParseIntPipe, Post, Query, Res } from "@nestjs/common";
import { Response } from "express";
import { exec } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { NotesService } from "./notes.service";

@Controller("notes")
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get("search")
  search(@Query("owner") owner: string, @Query("q") q: string) {
    return this.notes.search(owner, q);
  }

  @Get("export")
  export(@Query("file") file: string, @Res() res: Response) {
    // ruleid: javascript.path-traversal
    return res.sendFile(path.join("/srv/exports", file));
  }

  @Get(":id/attachment")
  attachment(@Param("id", ParseIntPipe) id: number, @Res() res: Response) {
    // ok: javascript.path-traversal
    return fs.createReadStream(path.join("/srv/attachments", `${id}.bin`)).pipe(res);
  }

  @Post("render")
  render(@Body("title") title: string, @Res() res: Response) {
    // ruleid: javascript.xss
    res.send("<h1>" + title + "</h1>");
  }

  @Post("backup")
  backup(@Body("label") label: string) {
    // ruleid: javascript.command-injection
    exec("tar czf /backups/" + label + ".tgz /srv/notes");
    return { ok: true };
  }
}
