// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobwriteinputdialog.h"

#include "sidejobsession.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

SideJobWriteInputDialog::SideJobWriteInputDialog(SideJobSession *sidejob, const SideJobRef &job, QWidget *parent)
    : QDialog(parent)
    , m_port(new QComboBox(this))
    , m_value(new QPlainTextEdit(this))
    , m_problem(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("sideJobWriteInput"));
    setWindowTitle(tr("Write to an input port of job %1").arg(QString::fromUtf8(job.id)));
    m_port->setEditable(true);
    m_port->setAccessibleName(tr("Input port"));
    m_value->setAccessibleName(tr("Value (JSON)"));
    m_value->setPlaceholderText(tr("A JSON value: 42, \"text\", [1, 2], {\"key\": 1}"));
    m_value->setTabChangesFocus(true);
    m_problem->setWordWrap(true);
    m_problem->setObjectName(QStringLiteral("problem"));
    // Room for two lines of the reason, kept while the value is fine, so the dialog does not
    // change size (and cut the reason) as the operator types.
    m_problem->setMinimumHeight(m_problem->fontMetrics().lineSpacing() * 2 + 4);
    m_problem->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_value->setMinimumHeight(m_value->fontMetrics().lineSpacing() * 6);
    setMinimumWidth(480);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Write…"));
    auto *form = new QFormLayout;
    form->addRow(tr("&Input port:"), m_port);
    form->addRow(tr("&Value (JSON):"), m_value);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_port, &QComboBox::editTextChanged, this, &SideJobWriteInputDialog::check);
    connect(m_value, &QPlainTextEdit::textChanged, this, &SideJobWriteInputDialog::check);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (!canWrite())
            return;
        emit chosen(m_port->currentText().trimmed(), m_value->toPlainText().trimmed().toUtf8());
        accept();
    });
    check();
    // The job's input ports, read once (the first window of its record).
    sidejob->readInputPorts(job.id, this, [this](const QStringList &names) {
        const QString typed = m_port->currentText();
        m_port->addItems(names);
        if (!typed.isEmpty())
            m_port->setEditText(typed);
        check();
    });
}

bool SideJobWriteInputDialog::canWrite() const
{
    return SideJobAction::validPortName(m_port->currentText().trimmed())
           && SideJobAction::validJson(m_value->toPlainText().trimmed().toUtf8());
}

void SideJobWriteInputDialog::check()
{
    QString problem;
    const QString port = m_port->currentText().trimmed();
    if (port.isEmpty())
        problem = tr("Choose or type an input port.");
    else if (!SideJobAction::validPortName(port))
        problem = tr("A port name holds only letters, digits and _.");
    else
        SideJobAction::validJson(m_value->toPlainText().trimmed().toUtf8(), &problem);
    m_problem->setText(problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}
