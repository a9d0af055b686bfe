// stockade-expect: safe CWE-915
package com.example.users;

import javax.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ProfileSafeController {
    @PostMapping("/profile")
    public User update(HttpServletRequest request) throws Exception {
        User user = new User();
        user.name = request.getParameter("name");
        return user;
    }

    public static class User {
        public String name;
        public boolean admin;
    }
}
