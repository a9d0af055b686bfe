// stockade-expect: vulnerable CWE-915
package com.example.users;

import org.apache.commons.beanutils.BeanUtils;
import javax.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ProfileController {
    @PostMapping("/profile")
    public User update(HttpServletRequest request) throws Exception {
        User user = new User();
        BeanUtils.populate(user, request.getParameterMap());
        return user;
    }

    public static class User {
        public String name;
        public boolean admin;
    }
}
