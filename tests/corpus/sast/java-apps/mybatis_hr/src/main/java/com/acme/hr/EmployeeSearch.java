// stockade-expect: annotated
package com.acme.hr;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import jakarta.persistence.TypedQuery;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Repository;

@Repository
public class EmployeeSearch {
    private static final Set<String> SORTABLE = Set.of("lastName", "department", "title");

    @PersistenceContext
    private EntityManager em;

    public List<Employee> byName(String name) {
        // ruleid: java.sql-injection
        TypedQuery<Employee> q = em.createQuery("SELECT e FROM Employee e WHERE e.lastName = '" + name + "'", Employee.class);
        return q.getResultList();
    }

    public List<Employee> byNameSafe(String name) {
        // ok: java.sql-injection
        TypedQuery<Employee> q = em.createQuery("SELECT e FROM Employee e WHERE e.lastName = :name", Employee.class);
        return q.setParameter("name", name).getResultList();
    }

    @SuppressWarnings("unchecked")
    public List<Object[]> salaryReport(String band) {
        // ruleid: java.sql-injection
        Query q = em.createNativeQuery("SELECT department, avg(salary) FROM employees WHERE band = '" + band + "' GROUP BY department");
        return q.getResultList();
    }

    @SuppressWarnings("unchecked")
    public List<Object[]> salaryReportSafe(String band) {
        // ok: java.sql-injection
        Query q = em.createNativeQuery("SELECT department, avg(salary) FROM employees WHERE band = ?1 GROUP BY department");
        return q.setParameter(1, band).getResultList();
    }

    public List<Employee> sorted(String field) {
        String column = SORTABLE.contains(field) ? field : "lastName";
        // ok: java.sql-injection
        return em.createQuery("SELECT e FROM Employee e ORDER BY e." + column, Employee.class).getResultList();
    }
}
