// stockade-expect: annotated
package com.acme.dbtool;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Scanner;

public final class DbTool {
    private DbTool() {
    }

    public static void main(String[] args) throws Exception {
        String table = args[0];
        // ok: java.hardcoded-jdbc-password
        Connection conn = DriverManager.getConnection(System.getenv("DB_URL"), System.getenv("DB_USER"), System.getenv("DB_PASSWORD"));
        Statement st = conn.createStatement();
        // ruleid: java.sql-injection
        st.executeUpdate("TRUNCATE TABLE " + table);

        Scanner scanner = new Scanner(System.in);
        System.out.print("user to disable: ");
        String user = scanner.nextLine();
        // ruleid: java.sql-injection
        st.executeUpdate("UPDATE users SET enabled = false WHERE login = '" + user + "'");

        PreparedStatement ps = conn.prepareStatement("UPDATE users SET enabled = true WHERE login = ?");
        ps.setString(1, user);
        // ok: java.sql-injection
        ps.executeUpdate();

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String dumpName = in.readLine();
        // ruleid: java.command-injection
        Runtime.getRuntime().exec(new String[] {"sh", "-c", "pg_dump app > /backups/" + dumpName});
        // ok: java.command-injection
        new ProcessBuilder("pg_dump", "-f", "/backups/app.sql", "app").inheritIO().start().waitFor();

        String hook = System.getenv("POST_BACKUP_HOOK");
        // ruleid: java.command-injection
        Runtime.getRuntime().exec("sh -c " + hook);
    }

    static Connection legacy() throws Exception {
        // ruleid: java.hardcoded-jdbc-password
        return DriverManager.getConnection("jdbc:postgresql://db.internal/app", "admin", "P@ssw0rd-legacy");
    }
}
