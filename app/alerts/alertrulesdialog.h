// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alertrule.h"

#include <QDialog>

class AlertRuleForm;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

// The alert rules of a connection, edited as a list: add, remove, change one in the form below,
// import a rules file (it replaces the list; Cancel keeps the old rules) or export the list; and
// the command run for each alert. OK takes the list only when every rule can be evaluated
// (otherwise the first bad one is selected and what is wrong shown).
class AlertRulesDialog final : public QDialog
{
    Q_OBJECT

public:
    AlertRulesDialog(const QList<AlertRule> &rules, const QString &command, QWidget *parent = nullptr);

    QList<AlertRule> rules() const { return m_rules; }
    QString command() const;

    // The file dialogs' work, without them (tests, drag and drop): false with the error shown.
    bool importFile(const QString &path);
    bool exportFile(const QString &path);

    QListWidget *list() const { return m_list; }
    AlertRuleForm *form() const { return m_form; }
    QLineEdit *commandEdit() const { return m_command; }
    QPushButton *addButton() const { return m_add; }
    QPushButton *removeButton() const { return m_remove; }
    QLabel *problemLabel() const { return m_problem; }

    void accept() override;

private:
    void addRule();
    void removeRule();
    void showRule(int row);
    void takeEdit();
    void fillList();
    QString newId() const;

    QList<AlertRule> m_rules;
    QListWidget *m_list;
    AlertRuleForm *m_form;
    QLineEdit *m_command;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPushButton *m_import;
    QPushButton *m_export;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};
