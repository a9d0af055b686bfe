// stockade-expect: annotated
package com.acme.billing;

import java.util.List;
import java.util.Set;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import org.hibernate.Session;
import org.hibernate.criterion.Restrictions;
import org.springframework.stereotype.Repository;

@Repository
public class InvoiceRepositoryImpl implements InvoiceRepositoryCustom {
    private static final Set<String> COLUMNS = Set.of("issuedAt", "total", "customer");

    @PersistenceContext
    private EntityManager em;

    @Override
    public List<Invoice> findByCustomerSorted(String customer, String orderBy) {
        String jpql = "SELECT i FROM Invoice i WHERE i.customer = :c ORDER BY i." + orderBy;
        // ruleid: java.sql-injection-parameter
        return em.createQuery(jpql, Invoice.class).setParameter("c", customer).getResultList();
    }

    @Override
    public List<Invoice> findByCustomerSortedSafe(String customer, String orderBy) {
        String column = COLUMNS.contains(orderBy) ? orderBy : "issuedAt";
        TypedQuery<Invoice> q = em.createQuery(
                // ok: java.sql-injection-parameter
                "SELECT i FROM Invoice i WHERE i.customer = :c ORDER BY i.issuedAt", Invoice.class);
        return q.setParameter("c", customer).getResultList();
    }

    @Override
    public List<Object[]> totalsByStatus(String status) {
        // ruleid: java.sql-injection-parameter
        return em.createNativeQuery("SELECT status, SUM(total) FROM invoice WHERE status = '" + status + "' GROUP BY status").getResultList();
    }

    @Override
    public List<Invoice> legacySearch(String note) {
        Session session = em.unwrap(Session.class);
        // ruleid: java.sql-injection-parameter
        return session.createQuery("from Invoice where note like '%" + note + "%'", Invoice.class).list();
    }

    @Override
    public List<Invoice> legacySearchSafe(String note) {
        Session session = em.unwrap(Session.class);
        // ok: java.sql-injection-parameter
        return session.createQuery("from Invoice where note like :n", Invoice.class).setParameter("n", "%" + note + "%").list();
    }

    @SuppressWarnings("deprecation")
    public List<?> criteria(String where) {
        Session session = em.unwrap(Session.class);
        // ruleid: java.sql-injection-parameter
        return session.createCriteria(Invoice.class).add(Restrictions.sqlRestriction("note like '" + where + "'")).list();
    }
}
