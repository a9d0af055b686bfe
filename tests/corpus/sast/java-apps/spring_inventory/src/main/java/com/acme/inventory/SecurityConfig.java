// stockade-expect: annotated
package com.acme.inventory;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.NoOpPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

@Configuration
public class SecurityConfig implements WebMvcConfigurer {

    @Bean
    SecurityFilterChain chain(HttpSecurity http) throws Exception {
        // ruleid: java.csrf-disabled
        http.csrf().disable();
        // ruleid: java.frame-options-disabled
        http.headers().frameOptions().disable();
        // ok: java.session-fixation-disabled
        http.sessionManagement().sessionFixation().migrateSession();
        http.authorizeHttpRequests(a -> a.requestMatchers("/api/public/**").permitAll().anyRequest().authenticated());
        return http.build();
    }

    @Bean
    PasswordEncoder legacyEncoder() {
        // ruleid: java.weak-password-encoder
        return NoOpPasswordEncoder.getInstance();
    }

    @Bean
    PasswordEncoder encoder() {
        // ok: java.bcrypt-low-cost
        return new BCryptPasswordEncoder(12);
    }

    @Override
    public void addCorsMappings(CorsRegistry registry) {
        // ruleid: java.cors-any-origin-with-credentials
        registry.addMapping("/api/**").allowedOrigins("*").allowCredentials(true);
        // ok: java.cors-wildcard-origin
        registry.addMapping("/partner/**").allowedOrigins("https://partner.example.com");
    }
}
