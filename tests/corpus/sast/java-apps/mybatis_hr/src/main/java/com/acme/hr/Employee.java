package com.acme.hr;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Employee {
    @Id
    private Long id;
    private String firstName;
    private String lastName;
    private String department;
    private String title;
    private String salaryBand;
    private boolean admin;

    public Long getId() { return id; }
    public String getLastName() { return lastName; }
    public String getDepartment() { return department; }
    public boolean isAdmin() { return admin; }
    public void setAdmin(boolean admin) { this.admin = admin; }
}
