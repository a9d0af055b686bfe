// stockade-expect: annotated
package com.acme.catalog2;

import jakarta.persistence.EntityManager;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Root;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

@Repository
public class ProductRepository {
    private final EntityManager em;
    private final JdbcTemplate jdbc;

    public ProductRepository(EntityManager em, JdbcTemplate jdbc) {
        this.em = em;
        this.jdbc = jdbc;
    }

    public List<Product> byTag(String tag) {
        CriteriaBuilder cb = em.getCriteriaBuilder();
        CriteriaQuery<Product> cq = cb.createQuery(Product.class);
        Root<Product> root = cq.from(Product.class);
        // ok: java.sql-injection
        cq.where(cb.equal(root.get("tag"), tag));
        return em.createQuery(cq).getResultList();
    }

    public int archive(String table, long id) {
        // ruleid: java.sql-injection-parameter
        return jdbc.update("UPDATE " + table + " SET archived = true WHERE id = ?", id);
    }

    public int archiveProducts(long id) {
        // ok: java.sql-injection-parameter
        return jdbc.update("UPDATE products SET archived = true WHERE id = ?", id);
    }

    public interface Products extends JpaRepository<Product, Long> {
        // ok: java.sql-injection
        @Query("SELECT p FROM Product p WHERE p.vendor = :vendor")
        List<Product> byVendor(@Param("vendor") String vendor);
    }

    public static class Product {
        Long id;
        String tag;
    }
}
