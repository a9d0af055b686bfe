// stockade-expect: annotated
package com.acme.hr;

import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.crypto.password.NoOpPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.cors.CorsConfiguration;

@Configuration
public class SecurityConfig {
    @Bean
    public SecurityFilterChain filterChain(HttpSecurity http) throws Exception {
        // ruleid: java.csrf-disabled
        http.csrf(csrf -> csrf.disable())
            .authorizeHttpRequests(auth -> auth.requestMatchers("/hr/**").authenticated());
        return http.build();
    }

    @Bean
    public PasswordEncoder legacyEncoder() {
        // ruleid: java.weak-password-encoder
        return NoOpPasswordEncoder.getInstance();
    }

    @Bean
    public PasswordEncoder passwordEncoder() {
        // ok: java.weak-password-encoder
        return new BCryptPasswordEncoder(12);
    }

    @Bean
    public CorsConfiguration cors() {
        CorsConfiguration config = new CorsConfiguration();
        // ruleid: java.cors-any-origin-with-credentials
        config.setAllowedOriginPatterns(List.of("*"));
        config.setAllowCredentials(true);
        return config;
    }

    @Bean
    public CorsConfiguration corsSafe() {
        CorsConfiguration config = new CorsConfiguration();
        // ok: java.cors-any-origin-with-credentials
        config.setAllowedOrigins(List.of("https://hr.example.com"));
        config.setAllowCredentials(true);
        return config;
    }
}
