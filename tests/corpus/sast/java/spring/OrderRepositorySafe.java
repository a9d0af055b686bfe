// stockade-expect: safe CWE-89
package com.example.shop.repo;

import java.util.List;
import javax.persistence.EntityManager;
import javax.persistence.PersistenceContext;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class OrderRepositorySafe {
    @PersistenceContext
    private EntityManager em;

    @GetMapping("/orders/{status}")
    public List<?> byStatus(@PathVariable("status") String status) {
        return em.createQuery("select o from Order o where o.status = :status")
                .setParameter("status", status)
                .getResultList();
    }
}
